import { queryPage, type PagedResult } from '@/search';
import { compareSortKeys, matchesTokens } from '@shared/domain/search-words';
import { searchTokens } from '@shared/domain/search-tokens';
import type { JobCardRow } from '@shared/schemas/job-card';
import { jobCards } from './job-tables';

/** The days (YYYY-MM-DD, the device's own) the report's jobs came in between, both kept; '' leaves that end open. */
export interface DayPeriod {
  from: string;
  to: string;
}

export const anyDay: DayPeriod = { from: '', to: '' };
export const hasPeriod = (period: DayPeriod) => !!(period.from || period.to);

/** A local day's first moment as the stored ISO text ('2026-11-01' in Colombo is '2026-10-31T18:30:00.000Z'). */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayAfter = (day: string) => {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};

/**
 * A page of the report (issue 47: Job History filters by date). Without a period it is the job
 * lists' own search, through the in-memory index. With one, the jobs of the period are read through
 * the `dateIn` index and searched by the same words (each typed word starts a word of the job), in
 * the lists' order: a period is days or months of jobs, a read the index answers at once.
 */
export async function queryJobHistory(search: string, period: DayPeriod, page: number, pageSize: number): Promise<PagedResult<JobCardRow>> {
  if (!hasPeriod(period)) return queryPage(jobCards, { search, page, pageSize }) as Promise<PagedResult<JobCardRow>>;
  const lower = period.from ? startOf(period.from) : '';
  const upper = period.to ? dayAfter(period.to) : '\uffff';
  const tokens = searchTokens(search);
  const rows = (await jobCards.where('dateIn').between(lower, upper, true, false).toArray()) as unknown as (JobCardRow & { searchWords?: string[]; sortKey?: string })[];
  const matching = rows
    .filter((row) => !row.deleted && matchesTokens(row.searchWords ?? [], tokens))
    .sort((a, b) => compareSortKeys({ key: a.sortKey ?? '', id: a.id }, { key: b.sortKey ?? '', id: b.id }));
  const offset = Math.max(0, (page - 1) * pageSize);
  return { rows: matching.slice(offset, offset + pageSize), total: matching.length, page };
}
