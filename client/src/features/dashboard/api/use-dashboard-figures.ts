import { useLiveQuery } from 'dexie-react-hooks';
import type { Period } from '@shared/domain/dashboard';
import { readTodaySummary, type TodaySummary } from './read-today-summary';
import { readJobStats, type JobStats } from './read-job-stats';
import { readSalesOverview, type SalesOverview } from './read-sales-overview';
import { readOpenJobs } from './read-open-jobs';
import type { JobCardRow } from '@shared/schemas/job-card';

export interface DashboardFigures {
  summary: TodaySummary;
  stats: JobStats | null;
  overview: SalesOverview;
  open: { rows: JobCardRow[]; total: number } | null;
}

/**
 * The dashboard's figures in one live query: the cards, the chart, the donut and Open Jobs arrive
 * together, so the page renders once when the device answers and once per change, rather than once
 * per panel (four commits of 0.1 to 0.2 s each on a phone-class device held the main thread at
 * first paint: issue 25, Lighthouse's total blocking time). Each read goes through an index and
 * reads a few rows, so running all four on any change costs little. `tick` is the dashboard's
 * clock: today and the period follow it even when no data changes.
 */
export function useDashboardFigures(period: Period, tick: Date): DashboardFigures | undefined {
  return useLiveQuery(async () => {
    const [summary, stats, overview, open] = await Promise.all([readTodaySummary(), readJobStats(period), readSalesOverview(tick), readOpenJobs()]);
    return { summary, stats, overview, open };
  }, [period, tick.getTime()]);
}
