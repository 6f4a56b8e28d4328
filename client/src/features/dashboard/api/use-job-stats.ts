import { useLiveQuery } from 'dexie-react-hooks';
import { endOfDay, periodStart, type Period } from '../../../../../shared/domain/dashboard';
import { jobCards } from './dashboard-tables';

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
 * Week or Month, to the end of today), as the server's `GET /api/job-cards/stats?from&to` counts them. Three
 * counts on the [status+dateIn] index: no job is read. The time is read when the query runs (on
 * every change and every `tick`); null when the device could not count.
 */
export function useJobStats(period: Period, tick: Date): JobStats | null | undefined {
  return useLiveQuery(async () => {
    try {
      const now = new Date();
      const from = periodStart(period, now).toISOString();
      // To the end of today, not now: see todayAndLastWeek (a job checked in later must re-run this).
      const to = endOfDay(now).toISOString();
      const count = (status: string) => jobCards.where('[status+dateIn]').between([status, from], [status, to], true, true).count();
      const [finished, suspended, open] = await Promise.all([count('Finished'), count('Suspended'), count('Open')]);
      return { finished, suspended, open, total: finished + suspended + open, period };
    } catch (error) {
      console.error('Failed to load stats', error);
      return null;
    }
  }, [period, tick.getTime()]);
}
