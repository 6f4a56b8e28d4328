import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { InvoiceLineRow } from '../../../../../shared/schemas/sale';
import { SaleDocuments } from './sale-documents';
import { closePrintRoot, openPrintRoot, printRootReady } from './print-root';
import { loadSaleDocuments } from './load-sale-documents';
import { invoiceNotFoundMessage, noWarrantyItemsMessage, printableDocuments, warrantyLines } from './sale-documents-data';
import './print.css';

/** Spec 9: printing starts 100 ms after the content is prepared. */
export const printStartDelayMs = 100;
const afterPrintFallbackMs = 1000;

/** The invoice's lines a warranty certificate lists; rejects when the invoice is not on this device. */
export async function warrantyLinesOf(invoiceId: string): Promise<InvoiceLineRow[]> {
  const data = await loadSaleDocuments(invoiceId);
  if (!data) throw new Error(invoiceNotFoundMessage);
  return warrantyLines(data.lines);
}

let waiting: (() => void) | null = null;

/**
 * Prints a sale's documents from this device's own data (offline too) in one print job, each on
 * pages of its own size: renders them into a print root, waits for the logo and 100 ms, prints,
 * and resolves after 'afterprint' (or a second after print() returns, where a browser never fires
 * it) with the root cleared. Rejects, printing nothing, when the
 * invoice is not on this device or nothing asked for has anything to show.
 */
export async function printSaleDocuments(invoiceId: string, documents: ('invoice' | 'receipt' | 'warranty')[]): Promise<void> {
  const data = await loadSaleDocuments(invoiceId);
  if (!data) throw new Error(invoiceNotFoundMessage);
  const chosen = printableDocuments(data, documents);
  if (chosen.length === 0) throw new Error(documents.includes('warranty') ? noWarrantyItemsMessage : 'Nothing to print.');

  // A job whose dialog never reported back gives way to this one.
  waiting?.();
  const root = openPrintRoot('job');
  const react = createRoot(root);
  const clear = () => {
    react.unmount();
    closePrintRoot(root);
  };
  try {
    flushSync(() => react.render(<SaleDocuments data={data} documents={chosen} />));
    await printRootReady(root);
    await new Promise((resolve) => setTimeout(resolve, printStartDelayMs));
  } catch (error) {
    clear();
    throw error;
  }
  await new Promise<void>((resolve) => {
    let finished = false;
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      if (finished) return;
      finished = true;
      window.removeEventListener('afterprint', done);
      clearTimeout(fallback);
      if (waiting === done) waiting = null;
      clear();
      resolve();
    };
    waiting = done;
    window.addEventListener('afterprint', done);
    window.print();
    // Browsers print a copy taken when print() is called, and most fire 'afterprint' before it
    // returns; one that never does (headless Chromium) has its root cleared a moment later.
    if (!finished) fallback = setTimeout(done, afterPrintFallbackMs);
  });
}
