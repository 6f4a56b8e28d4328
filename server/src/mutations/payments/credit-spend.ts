import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { creditUnderReviewOf, customerCreditOf } from '@server/sales/customer-credit';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { creditSpendRefusal, creditTakenBackShort } from '@shared/mutations/customer-credit';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { formatMoney } from '@shared/domain/money';
import { paymentMessages } from '@shared/schemas/payment';

/**
 * A payment by customer credit, checked against the balance the server holds before it is written.
 * Over REST a refusal is a 400. From a device the goods have gone: spending more than is left (two
 * registers spent the same credit offline) is recorded, and the answer is the review reason for the
 * invoice paid; the other refusals (no account, change from credit) only a forged body can carry.
 */
export async function creditSpend(tx: MutationTx, method: string, customerId: string | null, spendCents: number, changeCents = 0): Promise<string | null> {
  const balanceCents = customerId ? await customerCreditOf(tx.db, customerId) : 0;
  const refusal = creditSpendRefusal({ method, spendCents, hasAccount: customerId !== null, changeCents, balanceCents });
  if (!refusal) return underReviewSpend(tx, method, customerId, spendCents, balanceCents);
  if (!tx.fromDevice || !refusal.overspent) throw badRequest(refusal.message);
  return saleReviewReasons.creditOverspent(formatMoney(spendCents), formatMoney(Math.max(balanceCents, 0)));
}

/** A spend that reaches into credit only a return under review gave (issue 42, point 4): refused over REST, reviewed from a device. */
async function underReviewSpend(tx: MutationTx, method: string, customerId: string | null, spendCents: number, balanceCents: number): Promise<string | null> {
  if (method !== customerCreditMethod || !customerId || spendCents <= 0) return null;
  const underReview = await creditUnderReviewOf(tx.db, customerId);
  if (underReview <= 0 || spendCents <= balanceCents - underReview) return null;
  if (!tx.fromDevice) throw badRequest(paymentMessages.creditUnderReview(formatMoney(underReview)));
  return saleReviewReasons.creditUnderReview(formatMoney(spendCents), formatMoney(underReview));
}

/**
 * A correction that takes back credit the customer has already spent (creditTakenBackShort). Over
 * REST a 400. From a device it was made offline while another register spent the credit: it is
 * recorded, and the answer is the review reason for the invoice corrected. Null when it takes none.
 */
export async function creditTakenBack(tx: MutationTx, invoice: Readonly<Record<string, unknown>>, method: string, amountCents: number): Promise<string | null> {
  const customerId = invoice.guest ? null : ((invoice.customerId as string | null | undefined) ?? null);
  if (!customerId || amountCents >= 0) return null;
  const short = creditTakenBackShort({ method, amountCents }, invoice, await customerCreditOf(tx.db, customerId));
  if (short.spentCents === 0) return null;
  if (!tx.fromDevice) throw badRequest(paymentMessages.creditAlreadySpent(formatMoney(short.spentCents)));
  return saleReviewReasons.creditTakenBack(formatMoney(short.takenBackCents), formatMoney(short.spentCents));
}
