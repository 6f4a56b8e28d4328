import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { customerCreditOf } from '@server/sales/customer-credit';
import { creditSpendRefusal } from '@shared/mutations/customer-credit';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { formatMoney } from '@shared/domain/money';

/**
 * A payment by customer credit, checked against the balance the server holds before it is written.
 * Over REST a refusal is a 400. From a device the goods have gone: spending more than is left (two
 * registers spent the same credit offline) is recorded, and the answer is the review reason for the
 * invoice paid; the other refusals (no account, change from credit) only a forged body can carry.
 */
export function creditSpend(tx: MutationTx, method: string, customerId: string | null, spendCents: number, changeCents = 0): string | null {
  const balanceCents = customerId ? customerCreditOf(tx.db, customerId) : 0;
  const refusal = creditSpendRefusal({ method, spendCents, hasAccount: customerId !== null, changeCents, balanceCents });
  if (!refusal) return null;
  if (!tx.fromDevice || !refusal.overspent) throw badRequest(refusal.message);
  return saleReviewReasons.creditOverspent(formatMoney(spendCents), formatMoney(Math.max(balanceCents, 0)));
}
