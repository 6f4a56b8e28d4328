import { useLiveQuery } from 'dexie-react-hooks';
import type { PagedResult } from '@/search';
import type { JobCardRow } from '@shared/schemas/job-card';
import { queryJobHistory, type DayPeriod } from './query-job-history';

/** Spec 9: the job history report's page size. */
export const reportPageSize = 50;

/**
 * One page of every job on the device (in the period, when one is set), newest first by date in, searched by job number, customer,
 * phone (its last digits too) or plate: usePagedSearch's query, live, with a failed read as null
 * (the screen's 'Failed to fetch report') instead of an error thrown into the render.
 */
export function useJobHistory(search: string, period: DayPeriod, page: number): PagedResult<JobCardRow> | null | undefined {
  const { from, to } = period;
  return useLiveQuery(() => queryJobHistory(search, { from, to }, page, reportPageSize).catch(() => null), [search, from, to, page]);
}
