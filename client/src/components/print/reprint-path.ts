import { paths } from '@/lib/paths';
import type { SaleDocument } from './sale-documents/sale-documents-data';

/** The reprint page of an invoice's documents: /print/invoices/:id?doc=invoice|receipt|warranty. */
export function reprintPath(invoiceId: string, documents: SaleDocument | readonly SaleDocument[] = 'invoice'): string {
  const doc = typeof documents === 'string' ? documents : documents.join(',');
  return `${paths.printInvoice.replace(':id', encodeURIComponent(invoiceId))}?doc=${doc}`;
}

/** A job's printable sheet: /print/job-sheets/:id. */
export function jobSheetPath(jobId: string): string {
  return paths.printJobSheet.replace(':id', encodeURIComponent(jobId));
}

/** The reprint page of a bulk payment's receipt: /print/bulk-receipts/:bulkId. */
export function bulkReceiptPath(bulkId: string): string {
  return paths.printBulkReceipt.replace(':bulkId', encodeURIComponent(bulkId));
}

export type CreditNoteSize = 'a4' | '80mm';

/** The reprint page of a credit note, at a size: /print/credit-notes/:id?size=a4|80mm. */
export function creditNotePath(id: string, size: CreditNoteSize = 'a4'): string {
  return `${paths.printCreditNote.replace(':id', encodeURIComponent(id))}?size=${size}`;
}

/** A job's own page: /job-cards/:id. */
export function jobPagePath(jobId: string): string {
  return paths.jobCardDetail.replace(':id', encodeURIComponent(jobId));
}

/** A vehicle's service history, by its plate as one key (shared/domain/search-shape.ts): /vehicles/:plate. */
export function vehicleHistoryPath(plateKey: string): string {
  return paths.vehicleHistory.replace(':plate', encodeURIComponent(plateKey));
}

/** An estimate's own page: /estimates/:id (issue 45). */
export function estimatePagePath(estimateId: string): string {
  return paths.estimateDetail.replace(':id', encodeURIComponent(estimateId));
}

/** An estimate printed on A4 (and saved as a PDF from the print dialog): /print/estimates/:id. */
export function estimatePrintPath(estimateId: string): string {
  return paths.printEstimate.replace(':id', encodeURIComponent(estimateId));
}
