import { owedCents } from './sales';
import { openingBalanceMethod } from './opening-balance';

/**
 * Customer credit (issue 26): value the shop holds for a customer with an account. It comes from
 * an invoice paid beyond what it owes (the extra left with the shop, or a return that brought what
 * is owed below what was paid) and from a refund kept as credit; it is spent like a payment method.
 * Credit is no ledger of its own: a refund kept as credit is a negative payment by this method, and
 * spending it a positive one, so every figure follows from the invoices and payments that sync.
 */
export const customerCreditMethod = 'Customer Credit';

/**
 * Whether a payment moved money in or out of the shop (income), rather than only the customer's
 * credit, or recorded what was paid before the shop moved to this app (an opening balance's, issue 43).
 */
export const movesMoney = (payment: { method: string }) => payment.method !== customerCreditMethod && payment.method !== openingBalanceMethod;

/** Whether a payment spent (or, negative, kept) the customer's credit. */
export const isCreditPayment = (payment: { method: string }) => payment.method === customerCreditMethod;

export interface CreditInvoice {
  totalCents: number;
  returnedCents?: number;
  paidCents: number;
}

/**
 * What an invoice holds paid beyond what it owes: the customer's credit. What it owes is never taken
 * below 0. Two registers that took the same sale back offline both stand (facts), and the second
 * return, under review, brings the invoice's worth below 0: that is no money the customer paid, and
 * counted as paid beyond it, it became credit to spend (a hostile run, seed 90210: Rs. 244.30 of a
 * sale returned twice). The refund the second return kept as credit is its own payment, reviewed.
 */
export function overpaidCents(invoice: object, paidCents = Number((invoice as { paidCents?: unknown }).paidCents)): number {
  return Math.max(paidCents - Math.max(owedCents(invoice), 0), 0);
}

/**
 * A customer's credit balance: what their invoices hold paid beyond what they owe, plus refunds
 * kept as credit, less credit spent (`creditPayments`: their payments by customerCreditMethod;
 * others are ignored). Below 0 only when two registers spent the same credit offline: the customer
 * then owes it, and the later spend is under review.
 */
export function customerCreditCents(invoices: readonly CreditInvoice[], payments: readonly { method: string; amountCents: number }[]): number {
  const overpaid = invoices.reduce((sum, invoice) => sum + overpaidCents(invoice), 0);
  const spent = payments.filter(isCreditPayment).reduce((sum, payment) => sum + payment.amountCents, 0);
  return overpaid - spent;
}
