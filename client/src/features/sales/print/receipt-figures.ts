import { paymentStanding } from '../../../../../shared/domain/sales';
import type { PaymentRow } from '../../../../../shared/schemas/sale';

export interface ReceiptFigures {
  paidCents: number;
  /** What is still owed; never below 0. */
  balanceCents: number;
  /** The faded PAID stamp (spec 2.17): nothing is owed any more. */
  isPaidInFull: boolean;
  /** The payment history table shows only when there is more than one payment. */
  showsHistory: boolean;
  /** The payment this receipt is for: the latest one; null when none was taken. */
  latest: PaymentRow | null;
}

/** The payment receipt's numbers, from the invoice total and its payments (oldest first). */
export function receiptFigures(totalCents: number, payments: readonly PaymentRow[]): ReceiptFigures {
  const { paidCents, dueCents } = paymentStanding(totalCents, payments.map((payment) => payment.amountCents));
  return {
    paidCents,
    balanceCents: dueCents,
    isPaidInFull: totalCents - paidCents <= 0,
    showsHistory: payments.length > 1,
    latest: payments.at(-1) ?? null,
  };
}
