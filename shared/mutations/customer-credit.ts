import { customerCreditMethod, movesMoney, overpaidCents } from '../domain/customer-credit';
import { formatMoney } from '../domain/money';
import { paymentMessages } from '../schemas/payment';

/**
 * Whether spending `spendCents` of a customer's credit is refused, and why: credit is spent only by a
 * customer with an account, never beyond what owes (no change from credit), and never below 0.
 * `balanceCents` is the credit before this spend. Both sides ask it: the device before anything is
 * handed over; the server over REST (a 400), and for a pushed spend only to raise it for review
 * (`overspent`), as the goods have gone.
 */
export function creditSpendRefusal(spend: {
  method: string;
  spendCents: number;
  hasAccount: boolean;
  changeCents?: number;
  balanceCents: number;
}): { message: string; overspent: boolean } | null {
  if (spend.method !== customerCreditMethod || spend.spendCents <= 0) return null;
  if (!spend.hasAccount) return { message: paymentMessages.creditNeedsCustomer, overspent: false };
  if ((spend.changeCents ?? 0) > 0) return { message: paymentMessages.creditNoChange, overspent: false };
  if (spend.spendCents > spend.balanceCents) return { message: paymentMessages.creditShort(formatMoney(Math.max(spend.balanceCents, 0))), overspent: true };
  return null;
}

/**
 * What of a customer's credit a correction takes back that they have already spent, in cents (0: none).
 * What an invoice holds paid beyond what it owes is credit; a negative payment by a method that moves
 * money (a correction of a wrong entry) lowers it. Taking back more than is left of the credit leaves
 * a spend with nothing behind it. `balanceCents` is the credit before the correction. Both sides ask
 * it: the device and the server over REST refuse; a pushed one, made offline while another register
 * spent the credit, is recorded and raised for review.
 */
export function creditTakenBackShort(
  payment: { method: string; amountCents: number },
  // `object`: a typed invoice row and a stored row of unknown fields alike (as owedCents takes it).
  invoice: object,
  balanceCents: number,
): { takenBackCents: number; spentCents: number } {
  if (payment.amountCents >= 0 || !movesMoney(payment)) return { takenBackCents: 0, spentCents: 0 };
  const paidCents = Number((invoice as { paidCents?: unknown }).paidCents);
  const takenBackCents = overpaidCents(invoice, paidCents) - overpaidCents(invoice, paidCents + payment.amountCents);
  return { takenBackCents, spentCents: Math.max(takenBackCents - Math.max(balanceCents, 0), 0) };
}
