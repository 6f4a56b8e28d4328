import type { MutationTx } from '../mutation-tx';
import { paidTwiceCents } from '@shared/domain/paid-twice';
import { saleReviewReasons, type SaleReviewState } from '@shared/domain/sale-review';
import { formatMoney } from '@shared/domain/money';

/**
 * The review a register's payment opens when it finds its invoice paid beyond what its screen showed
 * as owing (issue 47: the counter and the tablet both took the last Rs. 683 offline, and the second
 * quietly became credit). Over REST the caller is at the counter and sees the due (the screen asks
 * before overpaying); a payment with no due shown (an older build) is not judged. `invoice` is the
 * invoice before this payment.
 */
export function paidTwiceReview(
  tx: MutationTx,
  invoice: Readonly<Record<string, unknown>>,
  amountCents: number,
  dueShownCents: number | undefined,
): { reviewState: SaleReviewState; reviewReason: string } | null {
  if (!tx.fromDevice || dueShownCents === undefined) return null;
  const beyond = paidTwiceCents({ amountCents, dueShownCents }, invoice);
  return beyond > 0 ? { reviewState: 'open', reviewReason: saleReviewReasons.paidTwice(formatMoney(beyond), String(invoice.invoiceNo)) } : null;
}
