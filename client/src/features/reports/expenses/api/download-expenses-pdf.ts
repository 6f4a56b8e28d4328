import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { formatMoney } from '@shared/domain/money';
import { expenseReportTable, type ExpenseReport } from '@shared/reports/expense-report';
import { formatDay } from '@/lib/document-format';

export const expensesReportTitle = 'Expenses Report';
export const expensesFileName = 'expenses_report.pdf';

/** The report's PDF (built in the reports' worker, saved as expenses_report.pdf): its period, totals, categories and months. */
export async function downloadExpensesPdf(report: ExpenseReport, from: string, to: string): Promise<void> {
  const { columns, cells } = expenseReportTable(report);
  const { totals } = report;
  const { pdf } = await buildPdfInWorker({
    title: expensesReportTitle,
    notes: [
      `From ${formatDay(from)} to ${formatDay(to)}, by category and by month, corrections netted`,
      `Total: ${totals.expenses} ${totals.expenses === 1 ? 'expense' : 'expenses'}, spent ${formatMoney(totals.spentCents)}, corrected ${formatMoney(totals.correctedCents)}, net ${formatMoney(totals.netCents)}`,
    ],
    generatedAt: new Date(),
    columns,
    rows: cells,
    numericColumns: [2, 3, 4, 5],
  });
  saveFile(pdf, expensesFileName);
}
