import { and, eq } from 'drizzle-orm';
import { badRequest, conflict, forbidden, HttpError, notFound } from '@server/http/errors';
import { notYetMessages, notYetStatus } from '@shared/sync/protocol';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from '../items/stock';
import { refreshInvoiceStanding } from '../payments/invoice-standing';
import { checkDateWindow } from '../date-window-rule';
import { creditNoteLines, creditNotes, invoiceLines, payments } from '@server/db/schema';
import { codeProblem } from '../sales/printed-number';
import { noteServerCreditNoteNo, peekServerCreditNoteNo, peekServerCreditNoteNoForFact, serverCreditNoteNoToTake, serverInvoiceCode } from '@server/sales/server-invoice-no';
import type { MutationArgs } from '@shared/mutations/definitions';
import { checkReturnRights, returnReview, returnRows, type ReturnContext } from '@shared/mutations/returns';
import { returnMessages } from '@shared/schemas/return';
import { dateWindowMessages } from '@shared/domain/date-window';
import { owedCents } from '@shared/domain/sales';
import { toCents } from '@shared/domain/money';

/**
 * A return, in one transaction and exactly once: the credit note and its lines at the sale's own
 * prices, the refund as a negative payment on the invoice, a stock movement per returned part, and
 * the invoice's returned total and standing. The quantities are checked again here against every
 * return the server holds: a device that returned a line another device had already returned
 * offline had its refund handed over, so that return is recorded and raised for review; over REST
 * (nothing handed over yet) it is refused with what can still be returned.
 */
export async function returnSale(tx: MutationTx, args: MutationArgs<'returnSale'>) {
  checkDateWindow(tx, args.date, dateWindowMessages.sale);
  if (await tx.find('creditNotes', args.id)) throw conflict('This credit note already exists.');
  const invoice = await tx.findLive('invoices', args.invoiceId);
  // A device's return of a sale this server has never held: the sale is on its way (queued on
  // another register, or being sent again after a restore), so the return waits on the device.
  if (!invoice && tx.fromDevice && !(await tx.find('invoices', args.invoiceId))) throw new HttpError(notYetStatus, notYetMessages.saleOfReturn);
  if (!invoice) throw notFound(returnMessages.notFound);
  for (const line of args.lines) if (await tx.find('creditNoteLines', line.id)) throw conflict('This credit note line id is already used.');
  if (await tx.find('payments', args.refundPaymentId)) throw conflict('This payment id is already used.');

  const context: ReturnContext = {
    invoice: invoice as unknown as ReturnContext['invoice'],
    saleLines: await tx.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, args.invoiceId), eq(invoiceLines.deleted, false)))
      .all(),
    returnedLines: await tx.db
      .select({ invoiceLineId: creditNoteLines.invoiceLineId, quantityHundredths: creditNoteLines.quantityHundredths })
      .from(creditNoteLines)
      .where(and(eq(creditNoteLines.invoiceId, args.invoiceId), eq(creditNoteLines.deleted, false)))
      .all(),
    payments: await tx.db
      .select({ method: payments.method, amountCents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.invoiceId, args.invoiceId), eq(payments.deleted, false)))
      .all(),
  };
  // A device's refund was handed over as it stated it; over REST the server works it out.
  const handedOver = tx.fromDevice && args.refund !== undefined ? { refundCents: toCents(args.refund) } : undefined;
  // Money already handed back at the counter stands (docs/decisions.md, Facts stand): what would refuse
  // it is raised for review instead. Anything else (over REST, or nothing handed back) is refused.
  const handedBack = (refundCents: number) => tx.fromDevice && refundCents > 0;

  // Who may return what is judged at the time the server can vouch for: its arrival (issue 42, point 5).
  // A register's clock set back cannot move a return inside the Staff window or a warranty. Where the
  // rights hold only at the time the device states, the return happened there: it is recorded and
  // raised for review with both times, money or not. A role taken away, or a warranty's last day
  // passed, after the cashier handed money back does not undo it; a line the invoice does not hold
  // cannot be priced, and is refused.
  const atArrival = checkReturnRights({ ...args, date: tx.now }, context, tx.user);
  const refused = atArrival && tx.happenedAt < tx.now ? checkReturnRights({ ...args, date: tx.happenedAt }, context, tx.user) : atArrival;
  const onlyByDeviceTime = atArrival && !refused ? returnMessages.rightsByDeviceTime(atArrival.message, tx.happenedAt.slice(0, 10), tx.now.slice(0, 10)) : null;
  if (refused && (!handedBack(handedOver?.refundCents ?? 0) || refused.message === returnMessages.otherInvoiceLine)) {
    throw refused.kind === 'forbidden' ? forbidden(refused.message) : badRequest(refused.message);
  }

  const number = await recordedCreditNoteNo(tx, args.creditNoteNo);
  const rows = returnRows({ ...args, creditNoteNo: number.creditNoteNo }, context, tx.user, tx.occurred, handedOver);
  if (rows.problems.length > 0 && !handedBack(rows.creditNote.refundCents)) throw badRequest(rows.problems[0]!);
  const problems = [...(refused ? [refused.message] : []), ...rows.problems];
  await tx.insert('creditNotes', { ...rows.creditNote, ...returnReview(problems, [number.reason, rows.differs, onlyByDeviceTime]) });
  for (const line of rows.lines) await tx.insert('creditNoteLines', line);
  if (rows.refund) await tx.insert('payments', rows.refund);
  // A part the server no longer holds moves no stock; the credit note still says it came back.
  for (const movement of rows.movements) if (await tx.find('items', movement.itemId)) await recordMovement(tx, movement, { item: true });
  await tx.update('invoices', args.invoiceId, { returnedCents: rows.returnedCents, ...rows.invoiceReview });
  await refreshInvoiceStanding(tx, args.invoiceId, owedCents({ totalCents: invoice.totalCents, returnedCents: rows.returnedCents }));
  await noteServerCreditNoteNo(tx.db, number.creditNoteNo);
  return (await tx.find('creditNotes', args.id))!;
}

/**
 * The number a credit note is recorded under, as an invoice's (../sales/printed-number.ts): a device
 * numbers with its own code; a pushed one with a number it may not keep is recorded under the server's
 * next CN-SRV number, the printed one named in its review. Over REST a return without a number takes
 * the server's next one here; a device's code or a used number is refused.
 */
async function recordedCreditNoteNo(tx: MutationTx, printed: string): Promise<{ creditNoteNo: string; reason: string | null }> {
  // A REST return whose body named no number: the server's next, read in the return's own transaction.
  if (!tx.fromDevice && printed === serverCreditNoteNoToTake) return { creditNoteNo: await peekServerCreditNoteNo(tx.db), reason: null };
  const holder = await tx.db.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.creditNoteNo, printed)).get();
  if (!tx.fromDevice || !tx.clientId) {
    if (printed.split('-')[1] !== serverInvoiceCode) throw badRequest(returnMessages.creditNoteNo);
    if (holder) throw conflict(`The credit note number ${printed} is already used.`);
    return { creditNoteNo: printed, reason: null };
  }
  const reason =
    (await codeProblem(tx, tx.clientId, printed)) ?? (holder ? `Printed as ${printed}, a number another credit note already had: recorded under the server's number.` : null);
  return reason ? { creditNoteNo: await peekServerCreditNoteNoForFact(tx.db), reason } : { creditNoteNo: printed, reason: null };
}
