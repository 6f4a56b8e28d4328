import { owedCents } from '@shared/domain/sales';
import { badRequest, conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { eq } from 'drizzle-orm';
import { payments } from '@server/db/schema';
import { refreshInvoiceStanding } from './invoice-standing';
import { arrivesBeforeItsInvoice, withoutItsSale } from './before-its-invoice';
import type { MutationArgs } from '@shared/mutations/definitions';
import { toCents } from '@shared/domain/money';
import { bulkPaymentRowOf } from '@shared/mutations/payments';
import { dateWindowMessages } from '@shared/domain/date-window';
import { checkDateWindow, reviewPaymentDate } from '../date-window-rule';
import { creditSpend } from './credit-spend';
import { raiseInvoiceReview } from './invoice-review';
import { paidTwiceReview } from './paid-twice';

/**
 * A bulk payment: one payment per allocation, all in this mutation's transaction, so all of them
 * or none. The device allocated oldest first from what it knew; the server records what was
 * allocated (a due paid meanwhile on another device shows as an overpayment, never lost).
 */
export async function recordBulkPayment(tx: MutationTx, args: MutationArgs<'recordBulkPayment'>) {
  checkDateWindow(tx, args.date, dateWindowMessages.payment);
  // A device's bulk payment stands even when its customer was deleted meanwhile: the money was taken.
  if (!tx.fromDevice && !(await tx.findLive('customers', args.customerId))) throw notFound('Customer not found.');
  // One bulk payment, one receipt: an id already given to another bulk payment is the caller's conflict.
  if (await tx.db.select({ id: payments.id }).from(payments).where(eq(payments.bulkId, args.id)).limit(1).get()) {
    throw conflict('This bulk payment id is already used.');
  }
  const amountCents = toCents(args.amount);
  const allocated = args.allocations.reduce((sum, allocation) => sum + toCents(allocation.amount), 0);
  if (allocated > amountCents) throw badRequest('The allocations add up to more than the amount paid.');
  const overspent = await creditSpend(tx, args.method, args.customerId, allocated, amountCents - allocated);
  const invoiceIds = new Set<string>();
  for (const allocation of args.allocations) {
    const invoice = await tx.findLive('invoices', allocation.invoiceId);
    if (!invoice && !(await arrivesBeforeItsInvoice(tx, allocation.invoiceId))) throw notFound(`Invoice not found: ${allocation.invoiceId}.`);
    const invoiceNo = String(invoice?.invoiceNo ?? allocation.invoiceId);
    if (invoice && invoice.customerId !== args.customerId) throw badRequest(`Invoice ${invoiceNo} is not this customer's.`);
    if (invoiceIds.has(allocation.invoiceId)) throw badRequest(`Invoice ${invoiceNo} is allocated twice.`);
    invoiceIds.add(allocation.invoiceId);
    if (await tx.find('payments', allocation.paymentId)) throw conflict('This payment id is already used.');
    const row = bulkPaymentRowOf(args, allocation, tx.user, tx.occurred);
    // The register allocates at most the due it holds, so an allocation finding less owed was paid meanwhile elsewhere.
    const twice = invoice ? paidTwiceReview(tx, invoice, row.amountCents, row.amountCents) : null;
    await tx.insert('payments', invoice ? { ...row, ...twice } : withoutItsSale(row));
    if (!invoice) continue; // before its invoice: the sale counts it when it arrives (before-its-invoice.ts)
    await refreshInvoiceStanding(tx, allocation.invoiceId, owedCents(invoice));
    await reviewPaymentDate(tx, invoice, args.date);
    if (overspent) await raiseInvoiceReview(tx, (await tx.find('invoices', allocation.invoiceId))!, overspent);
  }
  return { id: args.id, allocations: args.allocations.length, appliedAmount: allocated / 100 };
}
