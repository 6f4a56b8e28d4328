import type { InvoiceLineRow } from '@shared/schemas/sale';
import { SaleDocuments } from './sale-documents';
import { BulkReceiptDocument } from './bulk-receipt-document';
import { bulkReceiptPrintDelayMs, printJob, printStartDelayMs } from '../print-job';

import { loadSaleDocuments } from './load-sale-documents';
import { loadBulkReceipt } from './load-bulk-receipt';
import { bulkReceiptNotFoundMessage } from './bulk-receipt-data';
import { invoiceNotFoundMessage, noWarrantyItemsMessage, printableDocuments, warrantyLines } from './sale-documents-data';
import '../print.css';

/** The invoice's lines a warranty certificate lists; rejects when the invoice is not on this device. */
export async function warrantyLinesOf(invoiceId: string): Promise<InvoiceLineRow[]> {
  const data = await loadSaleDocuments(invoiceId);
  if (!data) throw new Error(invoiceNotFoundMessage);
  return warrantyLines(data.lines);
}

/**
 * Prints a sale's documents from this device's own data (offline too), one print job each, in order,
 * each 100 ms after it is drawn; resolves with the print root cleared. One job per document (issue
 * 47): a job of two page sizes (the A4 invoice and the 80 mm receipt) reached one printer, which
 * printed both on its own paper. Rejects, printing nothing, when the invoice is not on this device
 * or nothing asked for has anything to show.
 */
export async function printSaleDocuments(invoiceId: string, documents: ('invoice' | 'receipt' | 'warranty')[]): Promise<void> {
  const data = await loadSaleDocuments(invoiceId);
  if (!data) throw new Error(invoiceNotFoundMessage);
  const chosen = printableDocuments(data, documents);
  if (chosen.length === 0) throw new Error(documents.includes('warranty') ? noWarrantyItemsMessage : 'Nothing to print.');
  for (const document of chosen) await printJob(<SaleDocuments data={data} documents={[document]} />, printStartDelayMs);
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
