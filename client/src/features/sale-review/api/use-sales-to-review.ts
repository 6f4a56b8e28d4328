import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { InvoiceRow, PaymentRow } from '@shared/schemas/sale';
import type { CreditNoteRow } from '@shared/schemas/return';

export interface SaleToReview {
  invoice: InvoiceRow;
  /** The job's first invoice number, when this sale is a second sale of it. */
  firstInvoiceNo: string | null;
}

/**
 * The sales recorded with a conflict and not yet reviewed, oldest first, from the device's own data
 * (the 'reviewState' index: a handful of rows, whatever the number of invoices). undefined while loading.
 */
export function useSalesToReview(): SaleToReview[] | undefined {
  return useLiveQuery(async () => {
    const open = await db.invoices.where('reviewState').equals('open').toArray();
    open.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const firsts = await db.invoices.bulkGet(open.map((invoice) => invoice.duplicateOfId ?? ''));
    return open.map((invoice, i) => ({ invoice, firstInvoiceNo: invoice.duplicateOfId ? (firsts[i]?.invoiceNo ?? null) : null }));
  }, []);
}

/** The returns recorded with a conflict (a line returned on two registers) and not yet reviewed, oldest first. */
export function useReturnsToReview(): CreditNoteRow[] | undefined {
  return useLiveQuery(async () => {
    const open = await db.creditNotes.where('reviewState').equals('open').toArray();
    return open.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }, []);
}

/** The payments taken on an invoice the server does not hold (its sale refused, or not arrived), oldest first. */
export function usePaymentsToReview(): PaymentRow[] | undefined {
  return useLiveQuery(async () => {
    const open = await db.payments.where('reviewState').equals('open').toArray();
    return open.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }, []);
}
