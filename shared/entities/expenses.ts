import type { ExpenseRow } from '../schemas/expense';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

export const expensesEntity = defineEntity<ExpenseRow>()({
  name: 'expenses',
  sqlName: 'expenses',
  priority: false,
  // Written only by recordExpense (shared/mutations/expenses.ts): append-only, never edited.
  fields: {},
  sortKey: (row) => newestFirst(`${String(row.date)}|${String(row.createdAt || '')}`),
  // reviewState: Sales to Review's expenses dated outside the window (issue 42, point 7).
  deviceIndexes: 'id, date, category, sortKey, [register+createdAt], reviewState',
});
