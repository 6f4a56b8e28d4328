import { lowStockPdfContent, lowStockPdfFileName, type LowStockLine } from '@shared/reports/low-stock';
import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';

/** 'Download PDF (Client)': the rows on screen, built on this device, saved as low_stock_items.pdf. */
export async function downloadLowStockPdf(rows: readonly LowStockLine[], onProgress?: (done: number, total: number) => void): Promise<void> {
  const { pdf } = await buildPdfInWorker(lowStockPdfContent(rows, new Date()), { onProgress });
  saveFile(pdf, lowStockPdfFileName);
}
