import { customerCreditMethod } from '../domain/customer-credit';
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
