import { dayKey } from '@shared/domain/dashboard';
import type { DerivedSums, Row } from './derived-sums';

/**
 * Job cards counted by the local day they were checked in and their status, and by status alone,
 * for the dashboard's 'Job Status' donut and 'Open Jobs' total. At 100,000 jobs a month's counts on
 * the [status+dateIn] index walked some 7,000 entries (100 to 150 ms in Chromium); these rows make a
 * period's counts one read of at most 31 × 3 small rows, and the open total one row
 * (db/derived-sums.ts keeps them).
 *
 * Keys: 'YYYY-MM-DD|Status' for a day, '*|Status' for every day ('*' sorts before the digits, so a
 * range of days never meets the totals).
 */
export interface JobCount {
  key: string;
  jobs: number;
}

export const dayCountKey = (day: string, status: string) => `${day}|${status}`;
export const totalCountKey = (status: string) => `*|${status}`;

/** The keys a job card counts under; nothing for a deleted or malformed row. */
export function countKeysOf(job: Row): string[] {
  if (!job || job.deleted === true || typeof job.dateIn !== 'string' || typeof job.status !== 'string' || !job.status) return [];
  const at = new Date(job.dateIn);
  if (Number.isNaN(at.getTime())) return [];
  return [dayCountKey(dayKey(at), job.status), totalCountKey(job.status)];
}

export const jobCounts: DerivedSums = {
  source: 'jobCards',
  target: 'jobCounts',
  contributions: (job) => countKeysOf(job).map((key) => [key, [1]]),
  toRow: (key, [jobs = 0]): JobCount => ({ key, jobs }),
  amountsOf: (row) => [(row as JobCount).jobs],
};

/** Jobs by status checked in from `fromDay` to `toDay` ('YYYY-MM-DD', both included), from the day rows of that range. */
export function countsByStatus(rows: readonly JobCount[], fromDay: string, toDay: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { key, jobs } of rows) {
    const [day, status] = key.split('|') as [string, string];
    if (day < fromDay || day > toDay) continue;
    counts.set(status, (counts.get(status) ?? 0) + jobs);
  }
  return counts;
}
