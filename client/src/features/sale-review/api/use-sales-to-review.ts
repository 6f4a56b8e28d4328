import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { InvoiceRow, PaymentRow } from '@shared/schemas/sale';
import type { CreditNoteRow } from '@shared/schemas/return';
import type { ExpenseRow } from '@shared/schemas/expense';
import { acceptedRefundPaymentId, heldRefundCents } from '@shared/mutations/returns';
import { paidTwicePattern } from '@shared/domain/sale-review';
import { paidTwiceRefundCents } from '@shared/domain/paid-twice';

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

export interface ReturnToReview {
  note: CreditNoteRow;
  /** What of its refund is held beyond the lines' worth (shared/mutations/returns.ts): 0 for most. */
  heldCents: number;
}

/** The returns recorded with a conflict (a line returned on two registers, a refund beyond its worth) and not yet reviewed, oldest first. */
export function useReturnsToReview(): ReturnToReview[] | undefined {
  return useLiveQuery(async () => {
    const open = await db.creditNotes.where('reviewState').equals('open').toArray();
    open.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const paid = await db.payments.bulkGet(open.flatMap((note) => [note.refundPaymentId ?? '', acceptedRefundPaymentId(note.id)]));
    return open.map((note, i) => ({ note, heldCents: heldRefundCents(note, [paid[2 * i], paid[2 * i + 1]].filter((payment) => payment && !payment.deleted) as PaymentRow[]) }));
  }, []);
}

export interface PaymentToReview {
  payment: PaymentRow;
  /** Its invoice, when the device holds it (a payment before its sale has none). */
  invoice: InvoiceRow | null;
  /** Taken twice (issue 47): settled by 'Refund', handing back `refundCents`, or 'Keep as credit'. */
  paidTwice: boolean;
  refundCents: number;
}

/**
 * The payments raised for review, oldest first: taken on an invoice the server does not hold (its
 * sale refused, or not arrived), or on one another device had paid meanwhile.
 */
export function usePaymentsToReview(): PaymentToReview[] | undefined {
  return useLiveQuery(async () => {
    const open = await db.payments.where('reviewState').equals('open').toArray();
    open.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    const invoices = await db.invoices.bulkGet(open.map((payment) => payment.invoiceId));
    return open.map((payment, i) => {
      const invoice = invoices[i] && !invoices[i].deleted ? invoices[i] : null;
      return { payment, invoice, paidTwice: paidTwicePattern.test(payment.reviewReason), refundCents: invoice ? paidTwiceRefundCents(payment, invoice) : 0 };
    });
  }, []);
}

/** The expenses a register recorded dated outside the window (issue 42, point 7), oldest first. */
export function useExpensesToReview(): ExpenseRow[] | undefined {
  return useLiveQuery(async () => {
    const open = await db.expenses.where('reviewState').equals('open').toArray();
    return open.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }, []);
}
