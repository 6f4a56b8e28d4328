import { owedCents } from '@shared/domain/sales';
import { and, eq, ne } from 'drizzle-orm';
import { payments } from '@server/db/schema';
import type { MutationTx } from '../mutation-tx';
import { reviewPaymentDate } from '../date-window-rule';
import { refreshInvoiceStanding } from './invoice-standing';
import { raiseInvoiceReview } from './invoice-review';
import { customerCreditOf } from '@server/sales/customer-credit';
import { isCreditPayment } from '@shared/domain/customer-credit';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { formatMoney } from '@shared/domain/money';

/**
 * A device's payment of an invoice the server holds no row for at all: the sale was made on another
 * register that has not sent it yet, a restore from a backup took it back and its register sends
 * it again later, or the server refused the sale. The money was taken at the counter, so the payment
 * is recorded as it came, with the customer its device named if any (decisions.md, facts stand), and
 * raised for review (withoutItsSale); the sale, when it arrives, counts it and takes the review back
 * (adoptEarlierPayments). Over REST nothing has happened yet and it is refused (404).
 * Invoices are never deleted in the product, so a tombstone is someone's hand on the database: a
 * payment of it is still refused.
 */
export async function arrivesBeforeItsInvoice(tx: MutationTx, invoiceId: string): Promise<boolean> {
  return tx.fromDevice && !(await tx.find('invoices', invoiceId));
}

/**
 * A payment row recorded before its invoice, raised for review: money against an invoice the server
 * does not hold waits in Sales to Review, whether its sale is on its way or was refused (issue 42:
 * the server cannot tell a sale that never comes from one that comes later, and need not).
 */
export const withoutItsSale = <Row extends object>(row: Row): Row => ({ ...row, reviewState: 'open', reviewReason: saleReviewReasons.paymentWithoutSale });

/**
 * A sale just recorded takes the payments that reached the server before it: each is given the
 * sale's customer and leaves review, the invoice's paid and due count them, and one dated far from
 * the server's time raises the review it would have raised on arrival. One indexed lookup per sale when there are none.
 */
export async function adoptEarlierPayments(tx: MutationTx, invoiceId: string, ownPaymentId: string | null): Promise<void> {
  const earlier = await tx.db
    .select({
      id: payments.id,
      customerId: payments.customerId,
      date: payments.date,
      method: payments.method,
      amountCents: payments.amountCents,
      reviewState: payments.reviewState,
      reviewReason: payments.reviewReason,
    })
    .from(payments)
    .where(ownPaymentId ? and(eq(payments.invoiceId, invoiceId), ne(payments.id, ownPaymentId)) : eq(payments.invoiceId, invoiceId))
    .all();
  if (earlier.length === 0) return;
  const invoice = (await tx.find('invoices', invoiceId))!;
  const customerId = (invoice.customerId as string | null | undefined) ?? null;
  for (const payment of earlier) {
    // Its sale is here now: the review raised only for its absence is taken back (one a Manager marked stays).
    const waited = payment.reviewState === 'open' && payment.reviewReason === saleReviewReasons.paymentWithoutSale;
    const changes = { ...(payment.customerId !== customerId ? { customerId } : {}), ...(waited ? { reviewState: '', reviewReason: '' } : {}) };
    if (Object.keys(changes).length > 0) await tx.update('payments', payment.id, changes);
  }
  await refreshInvoiceStanding(tx, invoiceId, owedCents(invoice));
  for (const payment of earlier) await reviewPaymentDate(tx, (await tx.find('invoices', invoiceId))! as typeof invoice & { id: string }, payment.date);
  await reviewAdoptedCreditSpends(tx, invoiceId, customerId, earlier);
}

/**
 * Customer credit spent on this invoice before it arrived was checked against nothing (the invoice,
 * and so its customer, was unknown): counted now, it may take the customer's credit below 0. As for
 * any spend from a device, it stands and is raised for review (credit-spend.ts).
 */
async function reviewAdoptedCreditSpends(tx: MutationTx, invoiceId: string, customerId: string | null, earlier: readonly { method: string; amountCents: number }[]): Promise<void> {
  const spentCents = earlier.filter(isCreditPayment).reduce((sum, payment) => sum + payment.amountCents, 0);
  const invoice = (await tx.find('invoices', invoiceId))!;
  if (spentCents <= 0 || !customerId || invoice.guest) return;
  const balanceCents = await customerCreditOf(tx.db, customerId);
  if (balanceCents >= 0) return;
  await raiseInvoiceReview(
    tx,
    invoice as typeof invoice & { id: string },
    saleReviewReasons.creditOverspent(formatMoney(spentCents), formatMoney(Math.max(balanceCents + spentCents, 0))),
  );
}
