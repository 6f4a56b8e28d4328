import { formatMoney } from '../domain/money';

// The Expenses Report (issue 27): a period's expenses by category and by month, corrections netted,
// with totals, for the screen and its PDF alike. A correction is an expense row of its own with a
// negative amount that keeps its expense's date and category (the correction form fixes both), so
// netting is a signed sum within each group: it lands in the same category and month as what it corrects.

export interface ReportExpense {
  /** YYYY-MM-DD, the day it was paid. */
  date: string;
  category: string;
  /** Signed: a correction is negative. */
  amountCents: number;
  correctionOf: string | null;
}

export interface ExpenseReportRow {
  /** The category, or the month as YYYY-MM. */
  key: string;
  label: string;
  /** Expenses recorded (corrections are not counted as expenses). */
  expenses: number;
  /** What the expenses came to before corrections. */
  spentCents: number;
  /** What corrections took back: 0 or negative. */
  correctedCents: number;
  /** Spent plus corrected: what the shop really paid. */
  netCents: number;
}

export type ExpenseReportTotals = Omit<ExpenseReportRow, 'key' | 'label'>;

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${monthNames[Number(number) - 1] ?? number} ${year}`;
}

const emptyTotals = (): ExpenseReportTotals => ({ expenses: 0, spentCents: 0, correctedCents: 0, netCents: 0 });

function add(into: ExpenseReportTotals, expense: ReportExpense) {
  if (expense.correctionOf) into.correctedCents += expense.amountCents;
  else {
    into.expenses += 1;
    into.spentCents += expense.amountCents;
  }
  into.netCents += expense.amountCents;
}

function groupBy(expenses: readonly ReportExpense[], keyOf: (expense: ReportExpense) => string, labelOf: (key: string) => string): ExpenseReportRow[] {
  const groups = new Map<string, ExpenseReportRow>();
  for (const expense of expenses) {
    const key = keyOf(expense);
    let row = groups.get(key);
    if (!row) groups.set(key, (row = { key, label: labelOf(key), ...emptyTotals() }));
    add(row, expense);
  }
  return [...groups.values()];
}

/**
 * The report: categories by what they net, largest first (then by name); months in order; and the
 * totals. A category or month whose expenses were all taken back stays, at 0: it shows the correction.
 */
export function expenseReport(expenses: readonly ReportExpense[]) {
  const byCategory = groupBy(
    expenses,
    (expense) => expense.category,
    (key) => key,
  ).sort((a, b) => b.netCents - a.netCents || a.key.localeCompare(b.key));
  const byMonth = groupBy(expenses, (expense) => expense.date.slice(0, 7), monthLabel).sort((a, b) => a.key.localeCompare(b.key));
  const totals = emptyTotals();
  for (const expense of expenses) add(totals, expense);
  return { byCategory, byMonth, totals };
}
export type ExpenseReport = ReturnType<typeof expenseReport>;

/**
 * The PDF's one table: the categories, then the months, then the total, each row saying which it is
 * ('Category', 'Month', 'Total'), so the printed page reads as the screen's two tables.
 */
export function expenseReportTable(report: ExpenseReport): { columns: string[]; cells: string[][] } {
  const cells = (by: string, row: ExpenseReportTotals & { label: string }) => [
    by,
    row.label,
    String(row.expenses),
    formatMoney(row.spentCents),
    formatMoney(row.correctedCents),
    formatMoney(row.netCents),
  ];
  return {
    columns: ['By', 'Name', 'Expenses', 'Spent', 'Corrected', 'Net'],
    cells: [
      ...report.byCategory.map((row) => cells('Category', row)),
      ...report.byMonth.map((row) => cells('Month', row)),
      cells('Total', { label: 'All expenses', ...report.totals }),
    ],
  };
}
