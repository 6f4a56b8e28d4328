import { badRequest, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { paidTwiceMessages, paidTwiceRefundRow, paidTwiceSettlement, saleReviewMessages } from '@shared/mutations/review';
import { reviewedBy } from '@shared/domain/sale-review';
import { owedCents } from '@shared/domain/sales';
import type { PaymentRow } from '@shared/schemas/sale';
import { customerCreditOf } from '@server/sales/customer-credit';
import { refreshInvoiceStanding } from '../payments/invoice-standing';

/**
 * A payment taken twice, settled by a Manager (shared/mutations/review.ts): refunded on the Manager's
 * register, so the invoice is paid exactly and its drawer counts the cash handed back, or kept as the
 * customer's credit; the review closes either way. A decision, not a fact: refused in words when the
 * payment was settled meanwhile or the credit it left has been spent.
 */
export async function settlePaidTwice(tx: MutationTx, args: MutationArgs<'settlePaidTwice'>) {
  const payment = (await tx.findLive('payments', args.id)) as unknown as PaymentRow | undefined;
  if (!payment) throw notFound(saleReviewMessages.paymentNotFound);
  const invoice = await tx.findLive('invoices', payment.invoiceId);
  if (payment.invoiceId !== args.invoiceId || !invoice) throw badRequest(paidTwiceMessages.otherInvoice);
  const customerId = invoice.guest ? null : ((invoice.customerId as string | null) ?? null);
  const settlement = paidTwiceSettlement(payment, invoice, args.choice, customerId ? await customerCreditOf(tx.db, customerId) : 0);
  if ('refusal' in settlement) throw badRequest(settlement.refusal);
  if (!settlement.write) return payment;
  if (settlement.refundCents > 0) {
    const refund = paidTwiceRefundRow(payment, settlement.refundCents, String(invoice.invoiceNo), args.date, tx.user, tx.occurred);
    await tx.insert('payments', refund, 'This payment was already refunded.');
    await refreshInvoiceStanding(tx, payment.invoiceId, owedCents(invoice));
  }
  await tx.update('payments', payment.id, reviewedBy(tx.user, tx.happenedAt));
  return (await tx.find('payments', payment.id))!;
}
