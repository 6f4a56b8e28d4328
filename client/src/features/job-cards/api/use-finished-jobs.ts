import { usePagedSearch, type PagedResult } from '@/search';
import { statusWord } from '@shared/domain/search-words';
import { jobCards } from './job-tables';
import type { JobCardRow } from '@shared/schemas/job-card';

const finished = [statusWord('Finished')];

/** Finished Jobs: one page, newest first, searched by customer name, phone, plate (or job number). */
export function useFinishedJobs(search: string, page: number, pageSize: number): PagedResult<JobCardRow> | undefined {
  return usePagedSearch(jobCards, { search, page, pageSize, filter: finished });
}
