import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { expenseReport } from '@shared/reports/expense-report';

/**
 * The Expenses Report's figures from the device's own expenses (offline too), live: the period's
 * rows through the date index (an expense's date is a day, YYYY-MM-DD, so the range is plain text).
 * undefined while loading.
 */
export function useExpensesReport(from: string, to: string) {
  return useLiveQuery(async () => {
    if (!from || !to || from > to) return expenseReport([]);
    const rows = await db.expenses.where('date').between(from, to, true, true).toArray();
    return expenseReport(rows.filter((row) => !row.deleted));
  }, [from, to]);
}
