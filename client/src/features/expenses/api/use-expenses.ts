import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { ExpenseRow } from '@shared/schemas/expense';

export interface ExpenseFilters {
  /** YYYY-MM-DD, inclusive; '' for no bound. */
  from: string;
  to: string;
  /** '' for every category. */
  category: string;
}

/** The device's expenses in the date range (the date index), of the category, newest first; undefined while read. */
export function useExpenses({ from, to, category }: ExpenseFilters): ExpenseRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await db.expenses
      .where('date')
      .between(from || '0000-00-00', to || '9999-12-31', true, true)
      .toArray();
    return rows.filter((row) => !row.deleted && (!category || row.category === category)).sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));
  }, [from, to, category]);
}
