import { owedCents } from '@shared/domain/sales';
import { and, eq, ne } from 'drizzle-orm';
import { payments } from '@server/db/schema';
import type { MutationTx } from '../mutation-tx';
import { reviewPaymentDate } from '../date-window-rule';
import { refreshInvoiceStanding } from './invoice-standing';

/**
 * A device's payment of an invoice the server holds no row for at all: the sale was made on another
 * register that has not sent it yet, or a restore from a backup took it back and its register sends
 * it again later. The money was taken at the counter, so the payment is recorded as it came, with
 * the customer its device named if any (decisions.md, facts stand); the sale, when it arrives,
 * counts it (adoptEarlierPayments). Over REST nothing has happened yet and it is refused (404).
 * Invoices are never deleted in the product, so a tombstone is someone's hand on the database: a
 * payment of it is still refused.
 */
export function arrivesBeforeItsInvoice(tx: MutationTx, invoiceId: string): boolean {
  return tx.fromDevice && !tx.find('invoices', invoiceId);
}

/**
 * A sale just recorded takes the payments that reached the server before it: each is given the
 * sale's customer, the invoice's paid and due count them, and one dated far from the server's time
 * raises the review it would have raised on arrival. One indexed lookup per sale when there are none.
 */
export function adoptEarlierPayments(tx: MutationTx, invoiceId: string, ownPaymentId: string | null): void {
  const earlier = tx.db
    .select({ id: payments.id, customerId: payments.customerId, date: payments.date })
    .from(payments)
    .where(ownPaymentId ? and(eq(payments.invoiceId, invoiceId), ne(payments.id, ownPaymentId)) : eq(payments.invoiceId, invoiceId))
    .all();
  if (earlier.length === 0) return;
  const invoice = tx.find('invoices', invoiceId)!;
  const customerId = (invoice.customerId as string | null | undefined) ?? null;
  for (const payment of earlier) if (payment.customerId !== customerId) tx.update('payments', payment.id, { customerId });
  refreshInvoiceStanding(tx, invoiceId, owedCents(invoice));
  for (const payment of earlier) reviewPaymentDate(tx, tx.find('invoices', invoiceId)! as typeof invoice & { id: string }, payment.date);
}
