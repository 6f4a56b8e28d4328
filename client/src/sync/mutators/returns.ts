import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import { recordMovementLocally } from './items';
import type { MutationArgs } from '@shared/mutations/definitions';
import { checkReturnRights, returnRows, type ReturnContext } from '@shared/mutations/returns';
import { invoiceStanding } from '@shared/mutations/payments';
import { returnMessages } from '@shared/schemas/return';
import { owedCents } from '@shared/domain/sales';
import { formatMoney, toCents } from '@shared/domain/money';

/**
 * The device's half of server/src/mutations/returns/return-sale.ts: the same rows, at once, offline
 * too. Here nothing has been handed back yet, so a return beyond what is left, or a refund above
 * what was paid by its method, is refused in words before the cashier gives any money.
 */
export async function returnSale(tx: LocalTx, args: MutationArgs<'returnSale'>): Promise<void> {
  const invoice = await tx.get('invoices', args.invoiceId);
  if (!invoice || invoice.deleted) throw new ValidationError(returnMessages.notFound);
  const [saleLines, returnedLines, payments] = await Promise.all([
    tx.db.invoiceLines.where('invoiceId').equals(args.invoiceId).toArray(),
    tx.db.creditNoteLines.where('invoiceId').equals(args.invoiceId).toArray(),
    tx.db.payments.where('invoiceId').equals(args.invoiceId).toArray(),
  ]);
  const context: ReturnContext = {
    invoice: { ...(invoice as unknown as ReturnContext['invoice']), returnedCents: Number(invoice.returnedCents ?? 0) },
    saleLines: saleLines.filter((line) => !line.deleted),
    returnedLines: returnedLines.filter((line) => !line.deleted),
    payments: payments.filter((payment) => !payment.deleted),
  };
  const refused = checkReturnRights(args, context, tx.author);
  if (refused) throw new ValidationError(refused.message);
  const rows = returnRows(args, context, tx.author, tx.occurred);
  if (rows.problems.length > 0) throw new ValidationError(rows.problems[0]!);
  // The refund the cashier was shown is the one handed over: figures that moved since (a sync) are said, not hidden.
  if (args.refund !== undefined && toCents(args.refund) !== rows.creditNote.refundCents)
    throw new ValidationError(returnMessages.refundChanged(formatMoney(rows.creditNote.refundCents)));
  await tx.put('creditNotes', rows.creditNote);
  await Promise.all(rows.lines.map((line) => tx.put('creditNoteLines', line)));
  if (rows.refund) await tx.put('payments', rows.refund);
  for (const movement of rows.movements) await recordMovementLocally(tx, movement);
  const amounts = [...context.payments.map((payment) => payment.amountCents), ...(rows.refund ? [rows.refund.amountCents] : [])];
  await tx.patch('invoices', args.invoiceId, {
    returnedCents: rows.returnedCents,
    ...rows.invoiceReview,
    ...invoiceStanding(owedCents({ totalCents: invoice.totalCents, returnedCents: rows.returnedCents }), amounts),
  });
}
