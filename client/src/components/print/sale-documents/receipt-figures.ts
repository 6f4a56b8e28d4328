import { paymentStanding } from '@shared/domain/sales';
import type { PaymentRow } from '@shared/schemas/sale';
import { paymentDayOf } from '@/lib/document-format';

export interface ReceiptFigures {
  paidCents: number;
  /** What is still owed; never below 0. */
  balanceCents: number;
  /** Paid beyond what is owed and left with the shop as credit on the invoice (issue 23); else 0. */
  creditCents: number;
  /** The faded PAID stamp (spec 2.17): nothing is owed any more. */
  isPaidInFull: boolean;
  /** The payment history table shows only when there is more than one payment. */
  showsHistory: boolean;
  /** The payment this receipt is for: the one recorded last (whatever day it was dated); null when none was taken. */
  latest: PaymentRow | null;
  /** The latest payment's cash handed over and the change given back, when change was given; else null. */
  change: { tenderedCents: number; changeCents: number } | null;
}

/** Change is what was handed over beyond the payment; a correction (negative) hands nothing back. */
export function changeOf(payment: Pick<PaymentRow, 'amountCents' | 'tenderedCents'> | null): ReceiptFigures['change'] {
  if (!payment) return null;
  const changeCents = (payment.tenderedCents ?? 0) - Math.max(payment.amountCents, 0);
  return changeCents > 0 ? { tenderedCents: payment.tenderedCents, changeCents } : null;
}

/** The payment receipt's numbers, from the invoice total and its payments (oldest day first). */
export function receiptFigures(totalCents: number, payments: readonly PaymentRow[]): ReceiptFigures {
  const {
    paidCents,
    dueCents,
    changeCents: creditCents,
  } = paymentStanding(
    totalCents,
    payments.map((payment) => payment.amountCents),
  );
  const latest = payments.reduce<PaymentRow | null>((latest, payment) => (!latest || payment.createdAt >= latest.createdAt ? payment : latest), null);
  return {
    paidCents,
    balanceCents: dueCents,
    creditCents,
    isPaidInFull: totalCents - paidCents <= 0,
    showsHistory: payments.length > 1,
    latest,
    change: changeOf(latest),
  };
}

/** By the day paid (a sale's moment and a recorded 'YYYY-MM-DD' compared as days), then as recorded. */
export const byPaymentTime = (a: PaymentRow, b: PaymentRow) => paymentDayOf(a.date).localeCompare(paymentDayOf(b.date)) || a.createdAt.localeCompare(b.createdAt);
