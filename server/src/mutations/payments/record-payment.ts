import { owedCents } from '@shared/domain/sales';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { refreshInvoiceStanding } from './invoice-standing';
import type { MutationArgs } from '@shared/mutations/definitions';
import { paymentMessages } from '@shared/schemas/payment';
import { toCents } from '@shared/domain/money';
import { can } from '@shared/domain/permissions';
import { dateWindowMessages } from '@shared/domain/date-window';
import { checkDateWindow, reviewPaymentDate } from '../date-window-rule';
import { paymentRowOf } from '@shared/mutations/payments';
import { arrivesBeforeItsInvoice, withoutItsSale } from './before-its-invoice';
import { creditSpend, creditTakenBack } from './credit-spend';
import { raiseInvoiceReview } from './invoice-review';
import { paidTwiceReview } from './paid-twice';

/**
 * One payment on one invoice, append-only. Overpaying and paying a settled invoice are allowed
 * (the screen asks first); payments from two devices both count. A negative amount is a correction.
 */
export async function recordPayment(tx: MutationTx, args: MutationArgs<'recordPayment'>) {
  checkDateWindow(tx, args.date, dateWindowMessages.payment);
  const invoice = await tx.findLive('invoices', args.invoiceId);
  if (!invoice && !(await arrivesBeforeItsInvoice(tx, args.invoiceId))) throw notFound('Invoice not found.');
  if (await tx.find('payments', args.id)) throw conflict('This payment id is already used.');
  const amountCents = toCents(args.amount);
  if (amountCents < 0) {
    if (!can(tx.user.role, 'correctPayments')) throw forbidden(paymentMessages.correctionRole);
    if (!args.note.trim()) throw badRequest(paymentMessages.correctionReason);
  }
  // Customer credit is checked against the balance before this payment (credit-spend.ts).
  const overspent = invoice
    ? await creditSpend(
        tx,
        args.method,
        invoice.guest ? null : ((invoice.customerId as string | null) ?? null),
        amountCents,
        args.tendered === undefined ? 0 : toCents(args.tendered) - amountCents,
      )
    : null;
  const takenBack = invoice ? await creditTakenBack(tx, invoice, args.method, amountCents) : null;
  const row = paymentRowOf(args, invoice ?? {}, tx.user, tx.occurred);
  // Another device paid the invoice meanwhile: the money stands, raised for a Manager's choice.
  const twice = invoice ? paidTwiceReview(tx, invoice, amountCents, args.dueShown === undefined ? undefined : toCents(args.dueShown)) : null;
  await tx.insert('payments', invoice ? { ...row, ...twice } : withoutItsSale(row));
  // Before its invoice, the sale counts it when it arrives (before-its-invoice.ts).
  if (invoice) {
    await reviewPaymentDate(tx, invoice, args.date);
    if (overspent) await raiseInvoiceReview(tx, (await tx.find('invoices', args.invoiceId))!, overspent);
    if (takenBack) await raiseInvoiceReview(tx, (await tx.find('invoices', args.invoiceId))!, takenBack);
    await refreshInvoiceStanding(tx, args.invoiceId, owedCents(invoice));
  }
  return (await tx.find('payments', args.id))!;
}
