import { dayKey, periodStart, type Period } from '@shared/domain/dashboard';
import { countsByStatus, dayCountKey } from '@/db/job-counts';
import { jobCounts } from './dashboard-tables';

export interface JobStats {
  finished: number;
  suspended: number;
  open: number;
  total: number;
  /** The period these counts are for: until a new period's counts arrive, the last ones stay shown. */
  period: Period;
}

/**
 * The 'Job Status' donut (spec 2.5, 7): jobs by status whose date in lies in the period (Day,
 * Week or Month, to the end of today), as the server's `GET /api/job-cards/stats?from&to` counts them.
 * Read from the job counts by day (db/job-counts.ts): at most 93 small rows, no job. The time is read
 * when the query runs (on every change and every `tick`); null when the device could not count.
 */
export async function readJobStats(period: Period): Promise<JobStats | null> {
  try {
    const now = new Date();
    const fromDay = dayKey(periodStart(period, now));
    // To the end of today, not now: see todayAndLastWeek (a job checked in later must re-run this).
    const toDay = dayKey(now);
    const rows = await jobCounts.where('key').between(dayCountKey(fromDay, ''), dayCountKey(toDay, '\uffff'), true, true).toArray();
    const counts = countsByStatus(rows, fromDay, toDay);
    const [finished, suspended, open] = ['Finished', 'Suspended', 'Open'].map((status) => counts.get(status) ?? 0) as [number, number, number];
    return { finished, suspended, open, total: finished + suspended + open, period };
  } catch (error) {
    console.error('Failed to load stats', error);
    return null;
  }
}
