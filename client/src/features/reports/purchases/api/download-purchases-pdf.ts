import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { formatMoney } from '@shared/domain/money';
import { purchasesReportTable, type PurchasesReport } from '@shared/reports/purchases-report';
import { formatDay } from '@/lib/document-format';

export const purchasesReportTitle = 'Purchases Report';
export const purchasesFileName = 'purchases_report.pdf';

/** The report's PDF (built in the reports' worker, saved as purchases_report.pdf): its period, the suppliers and the total. */
export async function downloadPurchasesPdf(report: PurchasesReport, from: string, to: string): Promise<void> {
  const { columns, cells } = purchasesReportTable(report);
  const { totals } = report;
  const { pdf } = await buildPdfInWorker({
    title: purchasesReportTitle,
    notes: [
      `From ${formatDay(from)} to ${formatDay(to)}, deliveries received by supplier, at cost, less returns to the supplier`,
      `Total: ${totals.deliveries} ${totals.deliveries === 1 ? 'delivery' : 'deliveries'}, received at cost ${formatMoney(totals.receivedCents)}, returned ${formatMoney(totals.returnedCents)}, net ${formatMoney(totals.netCents)}`,
    ],
    generatedAt: new Date(),
    columns,
    rows: cells,
    numericColumns: [1, 2, 3, 4],
  });
  saveFile(pdf, purchasesFileName);
}
