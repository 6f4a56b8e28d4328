import { z } from 'zod';
import { defineMutation } from './define';
import { idSchema } from '../schemas/common';
import type { CreditNoteRow } from '../schemas/return';
import type { PaymentRow } from '../schemas/sale';
import { paymentRow } from './payments';
import { acceptedRefundPaymentId } from './returns';

export const saleReviewMessages = {
  notFound: 'Invoice not found.',
  returnNotFound: 'Credit note not found.',
  paymentNotFound: 'Payment not found.',
  expenseNotFound: 'Expense not found.',
};

/** What is reviewed: a sale, a return or a payment (issue 42: one taken on an invoice the server does not hold). */
export const reviewedKinds = ['sale', 'return', 'payment', 'expense'] as const;
export type ReviewedKind = (typeof reviewedKinds)[number];

const reviewed = {
  sale: { table: 'invoices', notFound: saleReviewMessages.notFound },
  return: { table: 'creditNotes', notFound: saleReviewMessages.returnNotFound },
  payment: { table: 'payments', notFound: saleReviewMessages.paymentNotFound },
  expense: { table: 'expenses', notFound: saleReviewMessages.expenseNotFound },
} as const;

/** The table of what is reviewed. Builds before returns sent no kind: a sale. */
export const reviewedTable = <K extends ReviewedKind>(kind: K): (typeof reviewed)[K]['table'] => reviewed[kind].table;

/** What 'Mark as reviewed' answers when the record is not there. */
export const reviewedNotFound = (kind: ReviewedKind): string => reviewed[kind].notFound;

/**
 * 'Mark as reviewed' on a sale, a return or a payment recorded with a conflict (shared/domain/sale-review.ts).
 * Reviewing one that has nothing open changes nothing, so two managers marking it at once both succeed.
 */
export const markSaleReviewed = defineMutation({
  name: 'markSaleReviewed',
  schema: z.object({ id: idSchema, kind: z.enum(reviewedKinds).optional().default('sale') }),
  permission: 'reviewSales',
  touches: (args) => [{ table: reviewedTable(args.kind), id: args.id }],
});

export const heldRefundMessages = {
  nothingHeld: 'Nothing of this refund is held: there is nothing to accept.',
  otherInvoice: 'This credit note is of another invoice.',
};

/**
 * A Manager accepts the part of a register's refund that was beyond its lines' worth, held for review
 * (shared/mutations/returns.ts, refundBeyondWorth): it is paid out then, as a refund payment of the
 * credit note's method, dated and registered as the refund was, so the drawer session that handed it
 * over counts it; the credit note's review closes. 'Mark as reviewed' instead keeps the refund at its
 * worth: the held part never becomes money.
 */
export const acceptHeldRefund = defineMutation({
  name: 'acceptHeldRefund',
  schema: z.object({ id: idSchema, invoiceId: idSchema }),
  permission: 'reviewSales',
  touches: (args) => [
    { table: 'creditNotes', id: args.id },
    { table: 'payments', id: acceptedRefundPaymentId(args.id) },
    { table: 'invoices', id: args.invoiceId },
  ],
});

type HeldNote = Pick<CreditNoteRow, 'id' | 'creditNoteNo' | 'invoiceId' | 'customerId' | 'refundMethod' | 'date' | 'createdAt'>;

/** The payment that pays out an accepted held refund, built once for both sides. */
export function acceptedRefundRow(note: HeldNote, heldCents: number, refund: Pick<PaymentRow, 'register'> | undefined, author: { id: string; name: string }, receivedAt: string) {
  return paymentRow(
    {
      id: acceptedRefundPaymentId(note.id),
      invoiceId: note.invoiceId,
      customerId: note.customerId,
      amountCents: -heldCents,
      tenderedCents: 0,
      method: note.refundMethod,
      date: note.date,
      note: `Refund held for review, accepted: credit note ${note.creditNoteNo}`,
      bulkId: null,
    },
    author,
    { at: note.createdAt, receivedAt, clockAheadMs: 0, register: refund?.register ?? '' },
  );
}
