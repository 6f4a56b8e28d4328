import { usePagedSearch, type PagedResult } from '@/search';
import { currentWord } from '@shared/domain/search-words';
import { jobCards } from './job-tables';
import type { JobCardRow } from '@shared/schemas/job-card';

const current = [currentWord];

/**
 * Current Jobs: one page of the open and suspended jobs (a suspended job waits here to be resumed),
 * newest first, searched by number, customer, phone or plate. Paged like Finished Jobs: a busy shop
 * holds thousands of open jobs over the years, and rendering them all took 420 ms (issue 7).
 */
export function useCurrentJobs(search: string, page: number, pageSize: number): PagedResult<JobCardRow> | undefined {
  return usePagedSearch(jobCards, { search, page, pageSize, filter: current });
}
