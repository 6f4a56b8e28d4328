import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { formatMoney } from '@shared/domain/money';
import { stockValueTable, type StockValueReport } from '@shared/reports/stock-value';

export const stockValueTitle = 'Stock Value Report';
export const stockValueFileName = 'stock_value_report.pdf';

/** The report's PDF (built in the reports' worker, saved as stock_value_report.pdf): every item in stock, then the total. */
export async function downloadStockValuePdf(report: StockValueReport, onProgress?: (done: number, total: number) => void): Promise<void> {
  const { columns, cells } = stockValueTable(report);
  const { totals } = report;
  const { pdf } = await buildPdfInWorker(
    {
      title: stockValueTitle,
      notes: [
        'Items in stock at their average cost, largest value first',
        `Total: ${totals.items} ${totals.items === 1 ? 'item' : 'items'}, value ${formatMoney(totals.valueCents)}`,
      ],
      generatedAt: new Date(),
      columns,
      rows: cells,
      numericColumns: [3, 4, 5],
    },
    { onProgress },
  );
  saveFile(pdf, stockValueFileName);
}
