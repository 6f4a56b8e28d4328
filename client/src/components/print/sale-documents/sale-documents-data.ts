import type { CompanyRow } from '@shared/schemas/company';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '@shared/schemas/sale';
import type { CreditNoteRow } from '@shared/schemas/return';

export type SaleDocument = 'invoice' | 'receipt' | 'warranty';
export const saleDocuments: readonly SaleDocument[] = ['invoice', 'receipt', 'warranty'];

export const noWarrantyItemsMessage = 'No items with warranty on this invoice.';
export const invoiceNotFoundMessage = 'This invoice is not on this device yet. Sync, then try again.';

/** Everything the printed documents of one sale show, read from this device alone (they print offline). */
export interface SaleDocumentsData {
  invoice: InvoiceRow;
  /** In the order they were sold. */
  lines: InvoiceLineRow[];
  /** Oldest first. */
  payments: PaymentRow[];
  /** null when the company details were never saved. */
  company: CompanyRow | null;
  /** The job's number when the sale invoices a job card (null while the job waits for its number). */
  jobNumber?: string | null;
  /** Its returns (credit notes), oldest first: the reprint names them. */
  creditNotes?: CreditNoteRow[];
}

/** The spec's warranty rule (2.17): parts only (never a service), with months above 0, in sale order. */
export function warrantyLines(lines: readonly InvoiceLineRow[]): InvoiceLineRow[] {
  return lines.filter((line) => line.kind !== 'service' && line.warrantyMonths > 0);
}

/** The documents that have something to show, once each, in the order asked (a warranty needs a line with warranty). */
export function printableDocuments(data: Pick<SaleDocumentsData, 'lines'>, documents: readonly SaleDocument[]): SaleDocument[] {
  const hasWarranty = warrantyLines(data.lines).length > 0;
  return [...new Set(documents)].filter((document) => document !== 'warranty' || hasWarranty);
}

/** The reprint route's `?doc=receipt` (or a list, `invoice,receipt`, printed as a job each); the invoice when none is named. */
export function documentsFromQuery(doc: string | null): SaleDocument[] {
  const chosen = (doc ?? '').split(',').filter((name): name is SaleDocument => (saleDocuments as readonly string[]).includes(name));
  return chosen.length ? [...new Set(chosen)] : ['invoice'];
}
