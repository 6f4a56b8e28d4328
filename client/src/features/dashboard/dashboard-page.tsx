import { useState } from 'react';
import { useSession } from '@/session/session-store';
import type { Period } from '@shared/domain/dashboard';
import { can } from '@shared/domain/permissions';
import { useNow } from './api/use-now';
import { useDashboardFigures } from './api/use-dashboard-figures';
import { useMonthResult } from './api/use-month-result';
import { useAfterStart } from '@/lib/use-after-start';
import { SummaryCards } from './components/summary-cards';
import { SalesChart } from './components/sales-chart';
import { JobStatusDonut } from './components/job-status-donut';
import { OpenJobsTable } from './components/open-jobs-table';
import { MonthResultPanel } from './components/month-result-panel';

/**
 * The dashboard (spec 2.5), from the device's own data: it works offline and follows every sale,
 * payment and job as it is written here or pulled from another device (live queries).
 * `data-loaded` marks the moment every figure is shown (the benchmark waits for it).
 */
export function DashboardPage() {
  const user = useSession((state) => state.user);
  const now = useNow();
  const [period, setPeriod] = useState<Period>('Month');
  const figures = useDashboardFigures(period, now);
  // The month's result is derived from cost prices: Managers and Admins only (decisions.md, Who reads what).
  // It reads the month's every invoice and line (0.5 to 1 s at the big shop's 2,800 invoices a month,
  // docs/benchmarks-history.md), so it fills in after the other figures and `data-loaded` does not wait for it.
  const showsResult = can(user?.role, 'readCostPrices');
  // And not before the app's start has settled: its thousands of rows held a search typed at once.
  const afterStart = useAfterStart();
  const result = useMonthResult(now, showsResult && afterStart);
  const loaded = figures !== undefined;
  return (
    <section className="page dashboard" data-loaded={loaded ? 'true' : undefined}>
      <div className="greeting-bar">
        <h1>Welcome back, {user?.name}</h1>
        <p>Let's explore your garage today!</p>
      </div>
      <SummaryCards summary={figures?.summary} />
      {showsResult && <MonthResultPanel result={result} now={now} />}
      <div className="dashboard-row">
        <SalesChart overview={figures?.overview} />
        <JobStatusDonut stats={figures?.stats} period={period} onPeriod={setPeriod} />
      </div>
      <OpenJobsTable open={figures?.open} />
    </section>
  );
}
