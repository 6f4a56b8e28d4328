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
  deviceIndexes: 'id, date, category, sortKey, [register+createdAt]',
});
