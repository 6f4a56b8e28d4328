import { lowStockPdfContent, lowStockWords, type LowStockLine, type LowStockView } from '@shared/reports/low-stock';
import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';

/** 'Download PDF (Client)': the rows on screen, built on this device, saved under the view's file name. */
export async function downloadLowStockPdf(rows: readonly LowStockLine[], view: LowStockView, onProgress?: (done: number, total: number) => void): Promise<void> {
  const words = lowStockWords(view);
  const { pdf } = await buildPdfInWorker(lowStockPdfContent(rows, new Date(), words), { onProgress });
  saveFile(pdf, words.fileName);
}
