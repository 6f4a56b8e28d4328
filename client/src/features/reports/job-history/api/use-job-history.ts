import { useLiveQuery } from 'dexie-react-hooks';
import { queryPage, type PagedResult } from '@/search';
import type { JobCardRow } from '@shared/schemas/job-card';
import { jobCards } from './job-tables';

/** Spec 9: the job history report's page size. */
export const reportPageSize = 50;

/**
 * One page of every job on the device, newest first by date in, searched by job number, customer,
 * phone (its last digits too) or plate: usePagedSearch's query, live, with a failed read as null
 * (the screen's 'Failed to fetch report') instead of an error thrown into the render.
 */
export function useJobHistory(search: string, page: number): PagedResult<JobCardRow> | null | undefined {
  return useLiveQuery(() => queryPage(jobCards, { search, page, pageSize: reportPageSize }).catch(() => null), [search, page]);
}
