import type { ReportPdfContent } from '@shared/reports/report-pdf';
import { formatMoney } from '@shared/domain/money';
import type { ExpenseRow } from '@shared/schemas/expense';
import { formatDay } from '@/lib/document-format';
import type { ExpenseFilters } from './use-expenses';

export const expensesListTitle = 'Expenses';
export const expensesListFileName = 'expenses.pdf';

/** A correction's note says so, on the screen and on paper. */
export const expenseNote = (row: ExpenseRow): string => (row.correctionOf ? `Correction: ${row.note}` : row.note);

/**
 * The Expenses list on paper, expense by expense as the screen shows it (the Expenses Report is the
 * summary by category and month): the period, the category chosen and the total of the rows.
 */
export function expensesListPdfContent(rows: readonly ExpenseRow[], { from, to, category }: ExpenseFilters, generatedAt: Date): ReportPdfContent {
  const totalCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const period = from && to ? `From ${formatDay(from)} to ${formatDay(to)}` : from ? `From ${formatDay(from)}` : to ? `Up to ${formatDay(to)}` : 'All dates';
  return {
    title: expensesListTitle,
    notes: [
      `${period}, ${category ? `category ${category}` : 'all categories'}`,
      `Total: ${rows.length} ${rows.length === 1 ? 'expense' : 'expenses'}, ${formatMoney(totalCents)}`,
    ],
    generatedAt,
    columns: ['Date', 'Category', 'Amount', 'Paid From', 'Note', 'Paid By'],
    rows: rows.map((row) => [formatDay(row.date), row.category, formatMoney(row.amountCents), row.paidFrom, expenseNote(row), row.userName]),
    numericColumns: [2],
  };
}
