import { owedCents } from './sales';
import { overpaidCents } from './customer-credit';

// One payment taken on two devices offline (issue 47, point 4; docs/decisions.md, Payments): both
// recorded the last Rs. 683 of an invoice, and after the sync the customer held Rs. 683 of credit
// nobody had chosen. The payment that reaches the server second is raised for review, and a Manager
// settles it: refunded, or kept as the customer's credit.

/**
 * What of a payment went beyond what its invoice still owed on the server, more than the screen that
 * took it meant to: the register showed `dueShownCents` owing, so only what it took beyond that was
 * the cashier's choice (change left as credit, or a settled invoice paid again after the question).
 * `invoice` is the invoice as it stood before this payment (its paid, total and returns). 0: nothing
 * to raise.
 */
export function paidTwiceCents(payment: { amountCents: number; dueShownCents: number }, invoice: object): number {
  if (payment.amountCents <= 0) return 0;
  const paidBefore = Number((invoice as { paidCents?: unknown }).paidCents ?? 0);
  const dueBefore = Math.max(owedCents(invoice) - paidBefore, 0);
  const beyondDue = Math.max(payment.amountCents - dueBefore, 0);
  const meant = Math.max(payment.amountCents - Math.max(payment.dueShownCents, 0), 0);
  return Math.max(beyondDue - meant, 0);
}

/** What 'Refund' hands back: the payment, at most what the invoice is paid beyond what it owes now, so it ends paid exactly. */
export function paidTwiceRefundCents(payment: { amountCents: number }, invoice: object): number {
  // What it owes is never below 0 (an invoice returned twice offline): overpaidCents clamps it.
  return Math.max(Math.min(payment.amountCents, overpaidCents(invoice, Number((invoice as { paidCents?: unknown }).paidCents ?? 0))), 0);
}
