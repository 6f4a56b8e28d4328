import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { InvoiceLineRow } from '../../../../../shared/schemas/sale';
import { SaleDocuments } from './sale-documents';
import { BulkReceiptDocument } from './bulk-receipt-document';
import { closePrintRoot, openPrintRoot, printRootReady } from '../../../components/print/print-root';
import { loadSaleDocuments } from './load-sale-documents';
import { loadBulkReceipt } from './load-bulk-receipt';
import { bulkReceiptNotFoundMessage } from './bulk-receipt-data';
import { invoiceNotFoundMessage, noWarrantyItemsMessage, printableDocuments, warrantyLines } from './sale-documents-data';
import '../../../components/print/print.css';

/** Spec 9: printing starts 100 ms after the content is prepared. */
export const printStartDelayMs = 100;
/** Spec 9: the bulk receipt prints about 120 ms after it is prepared. */
export const bulkReceiptPrintDelayMs = 120;
const afterPrintFallbackMs = 1000;

/** The invoice's lines a warranty certificate lists; rejects when the invoice is not on this device. */
export async function warrantyLinesOf(invoiceId: string): Promise<InvoiceLineRow[]> {
  const data = await loadSaleDocuments(invoiceId);
  if (!data) throw new Error(invoiceNotFoundMessage);
  return warrantyLines(data.lines);
}

let waiting: (() => void) | null = null;

/**
 * One print job: renders the documents into a print root, waits for the logo and `delayMs`,
 * prints, and resolves after 'afterprint' (or a second after print() returns, where a browser never
 * fires it) with the root cleared.
 */
export async function printJob(documents: ReactNode, delayMs: number): Promise<void> {
  // A job whose dialog never reported back gives way to this one.
  waiting?.();
  const root = openPrintRoot('job');
  const react = createRoot(root);
  const clear = () => {
    react.unmount();
    closePrintRoot(root);
  };
  try {
    flushSync(() => react.render(documents));
    await printRootReady(root);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
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

/**
 * Prints a sale's documents from this device's own data (offline too) in one print job, each on
 * pages of its own size, 100 ms after they are drawn; resolves with the print root cleared. Rejects,
 * printing nothing, when the invoice is not on this device or nothing asked for has anything to show.
 */
export async function printSaleDocuments(invoiceId: string, documents: ('invoice' | 'receipt' | 'warranty')[]): Promise<void> {
  const data = await loadSaleDocuments(invoiceId);
  if (!data) throw new Error(invoiceNotFoundMessage);
  const chosen = printableDocuments(data, documents);
  if (chosen.length === 0) throw new Error(documents.includes('warranty') ? noWarrantyItemsMessage : 'Nothing to print.');
  await printJob(<SaleDocuments data={data} documents={chosen} />, printStartDelayMs);
}

/**
 * The Payment Receipt of one invoice alone (spec 2.17: its payments to date, the history table when
 * there is more than one, the PAID stamp when nothing is owed), printed 100 ms after it is drawn, on
 * the receipt printer's page. Rejects when the invoice is not on this device.
 */
export async function printPaymentReceipt(invoiceId: string): Promise<void> {
  await printSaleDocuments(invoiceId, ['receipt']);
}

/**
 * A bulk payment's receipt (spec 3, Bulk receipt) from this device's rows (offline too): the
 * payments with this bulkId, their invoices and the customer. Printed about 120 ms after it is drawn
 * (spec 9); resolves with the receipt cleared (spec 4: 'After printing the receipt is cleared.').
 * Rejects, printing nothing, when none of the bulk payment's allocations is on this device.
 */
export async function printBulkReceipt(bulkId: string): Promise<void> {
  const data = await loadBulkReceipt(bulkId);
  if (!data) throw new Error(bulkReceiptNotFoundMessage);
  await printJob(<BulkReceiptDocument data={data} generatedAt={new Date()} />, bulkReceiptPrintDelayMs);
}
