import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import type { ExpenseRow } from '@shared/schemas/expense';
import { expensesListFileName, expensesListPdfContent } from './expenses-list-pdf';
import type { ExpenseFilters } from './use-expenses';

/** The rows on screen as a PDF, built in the PDF worker (offline too) and saved as expenses.pdf. */
export async function downloadExpensesListPdf(rows: readonly ExpenseRow[], filters: ExpenseFilters): Promise<void> {
  const { pdf } = await buildPdfInWorker(expensesListPdfContent(rows, filters, new Date()));
  saveFile(pdf, expensesListFileName);
}
