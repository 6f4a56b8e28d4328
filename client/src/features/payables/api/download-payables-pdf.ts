import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { formatDay } from '@/lib/document-format';
import { formatMoney } from '@shared/domain/money';
import { payablesAgingTable, type PayablesReport } from '@shared/reports/payables-aging';

export const payablesAgingTitle = 'Payables Aging Report';
export const payablesAgingFileName = 'payables_aging_report.pdf';

/** The aging's PDF (built in the reports' worker, saved as payables_aging_report.pdf): a row per supplier, then the total. */
export async function downloadPayablesPdf(report: PayablesReport, today: string): Promise<void> {
  const { columns, cells } = payablesAgingTable(report);
  const { pdf } = await buildPdfInWorker({
    title: payablesAgingTitle,
    notes: [`What is owed to each supplier on ${formatDay(today)}, by the age of its bills`, `Total owed: ${formatMoney(report.totals.owedCents)}`],
    generatedAt: new Date(),
    columns,
    rows: cells,
    numericColumns: [1, 2, 3, 4, 5, 6, 7],
  });
  saveFile(pdf, payablesAgingFileName);
}
