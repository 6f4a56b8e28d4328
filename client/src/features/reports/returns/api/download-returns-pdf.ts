import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { groupingLabels, returnsReport, returnsReportTable, type ReturnsGrouping } from '@shared/reports/returns-report';
import { formatDay } from '@/lib/document-format';

export const returnsReportTitle = 'Returns Report';
export const returnsFileName = 'returns_report.pdf';

/** The report's PDF (built in a worker, saved as returns_report.pdf): its period, grouping, totals and rows. */
export async function downloadReturnsPdf(report: ReturnType<typeof returnsReport>, from: string, to: string, by: ReturnsGrouping): Promise<void> {
  const { columns, cells } = returnsReportTable(report.rows, by);
  const { totals } = report;
  const { pdf } = await buildPdfInWorker({
    title: returnsReportTitle,
    notes: [
      `From ${formatDay(from)} to ${formatDay(to)}, by ${groupingLabels[by].toLowerCase()}`,
      `Total: ${totals.returns} ${totals.returns === 1 ? 'return' : 'returns'}, quantity ${formatQuantity(totals.quantityHundredths)}, worth ${formatMoney(totals.worthCents)} (before tax ${formatMoney(totals.beforeTaxCents)}, tax ${formatMoney(totals.taxCents)}), refunded ${formatMoney(totals.refundCents)}`,
    ],
    generatedAt: new Date(),
    columns,
    rows: cells,
    numericColumns: [1, 2, 3, 4, 5, 6],
  });
  saveFile(pdf, returnsFileName);
}
