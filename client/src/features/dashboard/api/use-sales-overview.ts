import { useLiveQuery } from 'dexie-react-hooks';
import { formatChange, lastMonths } from '../../../../../shared/domain/dashboard';
import { invoices, salesMonths } from './dashboard-tables';

export interface SalesOverview {
  /** The last 7 months, oldest first: label ('Jun') and invoiced total. */
  months: { key: string; label: string; totalCents: number }[];
  totalCents: number;
  /** '+23.5%' against the 7 months before; '' when those had no sales. */
  change: string;
  lastSale: { date: string; totalCents: number; invoiceNo: string } | null;
}

/**
 * 'Overall sales' (spec 2.5; decisions: real figures): invoiced totals of the last 7 months and of
 * the 7 before, from the month sums kept beside the invoices (db/sales-months.ts), and the latest
 * invoice through the date index.
 */
export function useSalesOverview(now: Date): SalesOverview | undefined {
  const monthStamp = `${now.getFullYear()}-${now.getMonth()}`;
  return useLiveQuery(async () => {
    const recent = lastMonths(now, 7);
    const before = lastMonths(now, 7, 7);
    const sums = await salesMonths.bulkGet([...recent, ...before].map((month) => month.key));
    const totalOf = (index: number) => sums[index]?.totalCents ?? 0;
    const months = recent.map((month, index) => ({ ...month, totalCents: totalOf(index) }));
    const totalCents = months.reduce((sum, month) => sum + month.totalCents, 0);
    const previousCents = before.reduce((sum, _month, index) => sum + totalOf(recent.length + index), 0);
    const last = await invoices.orderBy('date').last();
    return {
      months,
      totalCents,
      change: formatChange(totalCents, previousCents),
      lastSale: last ? { date: last.date, totalCents: last.totalCents, invoiceNo: last.invoiceNo } : null,
    };
  }, [monthStamp]);
}
