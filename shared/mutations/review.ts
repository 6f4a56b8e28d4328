import { z } from 'zod';
import { defineMutation } from './define';
import { idSchema } from '../schemas/common';
import type { CreditNoteRow } from '../schemas/return';
import type { PaymentRow } from '../schemas/sale';
import { paymentRow } from './payments';
import { acceptedRefundPaymentId } from './returns';
import { creditTakenBackShort } from './customer-credit';
import { paymentDate, paymentMessages } from '../schemas/payment';
import { paidTwicePattern } from '../domain/sale-review';
import { paidTwiceRefundCents } from '../domain/paid-twice';
import { formatMoney } from '../domain/money';
import type { Occurred } from '../domain/device-time';

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

export const paidTwiceMessages = {
  notRaised: 'This payment was not raised as taken twice.',
  otherInvoice: 'This payment is of another invoice.',
  settled: 'This payment was already settled.',
  nothingOverpaid: 'This invoice is no longer paid beyond what it owes: there is nothing to refund. Keep it as credit to close the review.',
  guestCredit: 'A guest has no account to keep credit on: refund it.',
  refunded: (amount: string, invoiceNo: string) => `Refund of a payment taken twice on ${invoiceNo}: ${amount} handed back.`,
};

export const paidTwiceChoices = ['refund', 'credit'] as const;
export type PaidTwiceChoice = (typeof paidTwiceChoices)[number];

/** The refund of a payment taken twice: one id per payment, so two Managers' refunds cannot both be recorded. */
export const paidTwiceRefundId = (paymentId: string) => `${paymentId}/refund`;

/**
 * A Manager settles a payment raised as taken twice (issue 47; shared/domain/paid-twice.ts): 'refund'
 * hands it back (a negative payment by the method it was paid with, on this register, dated `date`),
 * so the invoice is paid exactly; 'credit' keeps it as the customer's credit. Either closes the review.
 */
export const settlePaidTwice = defineMutation({
  name: 'settlePaidTwice',
  schema: z.object({ id: idSchema, invoiceId: idSchema, choice: z.enum(paidTwiceChoices), date: paymentDate }),
  permission: 'reviewSales',
  touches: (args) => [
    { table: 'payments', id: args.id },
    { table: 'payments', id: paidTwiceRefundId(args.id) },
    { table: 'invoices', id: args.invoiceId },
  ],
});

type Settled = Pick<PaymentRow, 'id' | 'invoiceId' | 'customerId' | 'method' | 'amountCents' | 'reviewState' | 'reviewReason'>;

/**
 * What a settlement may not do, in words, or what it refunds (both sides ask it): only a payment
 * raised as taken twice and still open; a refund only of what the invoice is paid beyond what it owes
 * now, and not of credit the customer has spent since (`creditBalanceCents`: before the refund);
 * credit only for a customer with an account. Keeping as credit a payment already settled changes
 * nothing (null refund, nothing to write), as marking a reviewed sale does.
 */
export function paidTwiceSettlement(
  payment: Settled,
  invoice: object & { guest?: unknown },
  choice: PaidTwiceChoice,
  creditBalanceCents: number,
): { refusal: string } | { refundCents: number; write: boolean } {
  if (!paidTwicePattern.test(payment.reviewReason)) return { refusal: paidTwiceMessages.notRaised };
  if (payment.reviewState !== 'open') return choice === 'credit' ? { refundCents: 0, write: false } : { refusal: paidTwiceMessages.settled };
  if (choice === 'credit') return invoice.guest ? { refusal: paidTwiceMessages.guestCredit } : { refundCents: 0, write: true };
  const refundCents = paidTwiceRefundCents(payment, invoice);
  if (refundCents === 0) return { refusal: paidTwiceMessages.nothingOverpaid };
  const short = invoice.guest ? { spentCents: 0 } : creditTakenBackShort({ method: payment.method, amountCents: -refundCents }, invoice, creditBalanceCents);
  if (short.spentCents > 0) return { refusal: paymentMessages.creditAlreadySpent(formatMoney(short.spentCents)) };
  return { refundCents, write: true };
}

/** The refund 'Refund' writes, built once for both sides: on the Manager's register, when it is handed back. */
export function paidTwiceRefundRow(payment: Settled, refundCents: number, invoiceNo: string, date: string, author: { id: string; name: string }, when: Occurred) {
  return paymentRow(
    {
      id: paidTwiceRefundId(payment.id),
      invoiceId: payment.invoiceId,
      customerId: payment.customerId,
      amountCents: -refundCents,
      tenderedCents: 0,
      method: payment.method,
      date,
      note: paidTwiceMessages.refunded(formatMoney(refundCents), invoiceNo),
      bulkId: null,
    },
    author,
    when,
  );
}
