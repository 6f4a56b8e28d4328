import type { z } from 'zod';
import { defineMutation } from './define';
import { returnMessages, returnSaleSchema, guestRefundMethods, type CreditNoteLineRow, type CreditNoteRow } from '../schemas/return';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '../schemas/sale';
import { toHundredths, formatQuantity } from '../domain/quantity';
import { formatMoney } from '../domain/money';
import { beyondStaffWindow, refundableByMethod, returnableHundredths, returnLineAmounts, returnTotals, settleReturn, warrantyRuns } from '../domain/returns';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { can, type Role } from '../domain/permissions';
import { resolvesDuplicateReview, reviewedBy, type SaleReviewState } from '../domain/sale-review';
import type { Movement } from './items';
import type { RecordRef } from '../sync/tables';
import { paymentRow } from './payments';

type ReturnArgs = z.output<typeof returnSaleSchema>;
type Author = { id: string; name: string; role: Role };

/** A returned part comes back into stock; scrapped or sent to the supplier, it goes out again. */
export const returnMovementId = (lineId: string) => `${lineId}/return`;
export const returnOutMovementId = (lineId: string) => `${lineId}/return-out`;

/** What a return needs to know of its invoice, as each side has it stored. */
export interface ReturnContext {
  invoice: Pick<
    InvoiceRow,
    'id' | 'invoiceNo' | 'date' | 'customerId' | 'customerName' | 'guest' | 'totalCents' | 'returnedCents' | 'pricesIncludeTax' | 'reviewState' | 'duplicateOfId'
  >;
  /** The invoice's lines. */
  saleLines: readonly Pick<
    InvoiceLineRow,
    'id' | 'invoiceId' | 'kind' | 'refId' | 'name' | 'quantityHundredths' | 'unitPriceCents' | 'discountPercent' | 'totalCents' | 'taxCents' | 'warrantyMonths'
  >[];
  /** Every earlier return line of the invoice (live credit notes'). */
  returnedLines: readonly Pick<CreditNoteLineRow, 'invoiceLineId' | 'quantityHundredths'>[];
  /** The invoice's payments, refunds (negative) included. */
  payments: readonly Pick<PaymentRow, 'method' | 'amountCents'>[];
}

/**
 * Why a return cannot stand as it is, in words: a line returned beyond what was left, a refund above
 * what was paid by its method. A device refuses it before anything is handed over; the server
 * records one whose money was already handed back and raises it for review (docs/decisions.md,
 * Returns: what happened at the counter happened), and refuses any other.
 */
export type ReturnProblem = string;

/** Checks no side records past, whatever was handed over: a line of another invoice, a guest's method, who may return what. */
export function checkReturnRights(args: ReturnArgs, context: ReturnContext, author: Author): { message: string; kind: 'input' | 'forbidden' } | null {
  const sold = new Map(context.saleLines.map((line) => [line.id, line]));
  // The part named for the device's stock must be the sale line's own.
  if (args.lines.some((line) => !sold.has(line.invoiceLineId) || (line.itemId !== null && line.itemId !== sold.get(line.invoiceLineId)!.refId))) {
    return { message: returnMessages.otherInvoiceLine, kind: 'input' };
  }
  if (context.invoice.guest && !guestRefundMethods.includes(args.refundMethod)) return { message: returnMessages.guestRefund, kind: 'input' };
  const scraps = args.lines.some((line) => line.disposition === 'scrap' && context.saleLines.find((sold) => sold.id === line.invoiceLineId)?.kind === 'item');
  if ((scraps || beyondStaffWindow(context.invoice.date, args.date)) && !can(author.role, 'returnAnySale')) return { message: returnMessages.managersOnly, kind: 'forbidden' };
  // A warranty claim stands only while each returned line's warranty runs (its last day included).
  if (args.reason === 'Faulty under warranty') {
    const expired = args.lines.map((line) => sold.get(line.invoiceLineId)!).find((line) => !warrantyRuns(context.invoice.date, line.warrantyMonths, args.date));
    if (expired) return { message: returnMessages.warrantyOver(expired.name), kind: 'input' };
  }
  return null;
}

/**
 * The rows a return writes, built once for the device's optimistic apply and the server's: the credit
 * note, its lines (the sale's own prices, shared by quantity), the refund (a negative payment on the
 * invoice by the refund method, when money goes back), the stock movements, the invoice's new
 * returned total (and its review closed when the return takes back a whole duplicate sale), and the
 * problems found (see ReturnProblem).
 */
export function returnRows(args: ReturnArgs, context: ReturnContext, author: Author, when: Occurred, handedOver?: { refundCents: number }) {
  const { invoice } = context;
  const problems: ReturnProblem[] = [];
  const lines = args.lines.map((input, position) => {
    const sold = context.saleLines.find((line) => line.id === input.invoiceLineId)!;
    const before = context.returnedLines.filter((line) => line.invoiceLineId === sold.id).map((line) => line.quantityHundredths);
    const left = returnableHundredths(sold.quantityHundredths, before);
    const quantityHundredths = toHundredths(input.quantity);
    if (quantityHundredths > left) problems.push(returnMessages.overReturn(sold.name, formatQuantity(left)));
    const returnedBefore = before.reduce((sum, quantity) => sum + quantity, 0);
    const row: Omit<CreditNoteLineRow, 'version' | 'deleted' | 'updatedAt'> = {
      id: input.id,
      creditNoteId: args.id,
      invoiceId: invoice.id,
      invoiceLineId: sold.id,
      position,
      kind: sold.kind,
      refId: sold.refId,
      name: sold.name,
      quantityHundredths,
      unitPriceCents: sold.unitPriceCents,
      discountPercent: sold.discountPercent,
      ...returnLineAmounts(sold, returnedBefore, quantityHundredths),
      disposition: sold.kind === 'item' ? input.disposition : null,
      supplierName: sold.kind === 'item' && input.disposition === 'supplier' ? input.supplierName : '',
    };
    return row;
  });
  const totals = returnTotals(lines, invoice.pricesIncludeTax);
  const worthCents = returnWorthCents(args.lines, context);
  const paidCents = context.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const worked = settleReturn(totals.totalCents, { owedCents: invoice.totalCents - invoice.returnedCents, paidCents });
  // A device's return records what its cashier handed back, even where the server's figures differ
  // now (another register's return or payment arrived first); the rest of its worth reduced the due.
  const settled = handedOver ? { refundCents: handedOver.refundCents, reducedDueCents: Math.max(totals.totalCents - handedOver.refundCents, 0) } : worked;
  const refundable = refundableByMethod(context.payments, args.refundMethod);
  // A refund is money only up to what the lines are worth (issue 42, point 4): what a register says it
  // handed back beyond that is recorded as said, but held until a Manager accepts it (acceptHeldRefund):
  // it is not the customer's credit and not out of the drawer until then. What is paid is then held to
  // what was paid by its method; the held part's own reason says the rest.
  const refundPaidCents = Math.min(settled.refundCents, worthCents);
  if (refundPaidCents > refundable) problems.push(returnMessages.refundAbovePaid(args.refundMethod, formatMoney(refundable)));
  if (refundPaidCents < settled.refundCents)
    problems.push(returnMessages.refundBeyondWorth(formatMoney(settled.refundCents), formatMoney(worthCents), formatMoney(settled.refundCents - refundPaidCents)));

  const source = `credit note ${args.creditNoteNo}`;
  const movements: Movement[] = lines
    .filter((line) => line.kind === 'item' && line.refId)
    .flatMap((line) => {
      const back: Movement = { id: returnMovementId(line.id), itemId: line.refId!, quantityHundredths: line.quantityHundredths, reason: 'return', source };
      if (line.disposition === 'restock') return [back];
      // Scrapped or sent back to the supplier: it came in and went out, so stock is unchanged and the ledger says why.
      const out = line.disposition === 'scrap' ? 'scrapped (damaged)' : `back to the supplier ${line.supplierName}`;
      return [back, { id: returnOutMovementId(line.id), itemId: line.refId!, quantityHundredths: -line.quantityHundredths, reason: 'return', source, note: out }];
    });

  const creditNote: Omit<CreditNoteRow, 'version' | 'deleted' | 'updatedAt'> = {
    id: args.id,
    creditNoteNo: args.creditNoteNo,
    invoiceId: invoice.id,
    invoiceNo: invoice.invoiceNo,
    customerId: invoice.customerId,
    customerName: invoice.customerName,
    date: args.date,
    reason: args.reason,
    note: args.note,
    ...totals,
    ...settled,
    refundMethod: args.refundMethod,
    refundPaymentId: settled.refundCents > 0 ? args.refundPaymentId : null,
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    ...factTimesOf(when),
    ...returnReview([]),
    reviewedById: null,
    reviewedBy: '',
    reviewedAt: null,
  };
  const refund: Omit<PaymentRow, 'version' | 'deleted' | 'updatedAt'> | null =
    refundPaidCents > 0
      ? paymentRow(
          {
            id: args.refundPaymentId,
            invoiceId: invoice.id,
            customerId: invoice.customerId,
            amountCents: -refundPaidCents,
            tenderedCents: 0,
            method: args.refundMethod,
            date: args.date,
            note: `Refund, ${source}`,
            bulkId: null,
          },
          author,
          when,
        )
      : null;
  // What the register handed back against what the figures the server holds give (another register's
  // return or payment arrived first): not a reason to refuse, a reason to look.
  const differs =
    handedOver && handedOver.refundCents !== worked.refundCents && refundPaidCents === settled.refundCents
      ? returnMessages.refundDiffers(formatMoney(handedOver.refundCents), formatMoney(worked.refundCents))
      : null;
  const returnedCents = invoice.returnedCents + totals.totalCents;
  // A second sale of a job taken back whole is settled: its money refunded or kept as credit (issue 26).
  const invoiceReview = resolvesDuplicateReview(invoice, returnedCents) ? reviewedBy(author, when.at) : {};
  return { creditNote, lines, refund, movements, returnedCents, invoiceReview, problems, differs };
}

/**
 * The most a return can hand back: what its lines are worth at the sale's own prices, each line's
 * quantity taken at most as sold (a line returned on two registers offline is worth it on each, but a
 * quantity beyond what was sold is worth nothing more), tax as the sale had it. A line's total and tax
 * are shared by quantity rounded up to the cent, so the worth holds every credit note line of that
 * quantity wherever it falls among the line's returns (cumulative shares: a third of Rs. 10.00 is
 * 3.33, 3.34 or 3.33). Priced as the line's first units, the second third was a cent above its worth:
 * the register refused an honest return, and a pushed one held a cent for review.
 */
export function returnWorthCents(lines: readonly { invoiceLineId: string; quantity: number }[], context: Pick<ReturnContext, 'invoice' | 'saleLines'>): number {
  const sold = new Map(context.saleLines.map((line) => [line.id, line]));
  const amounts = lines.map((input) => {
    const line = sold.get(input.invoiceLineId);
    if (!line || line.quantityHundredths <= 0) return { totalCents: 0, taxCents: 0 };
    const quantity = Math.min(toHundredths(input.quantity), line.quantityHundredths);
    const upTo = (cents: number) => Math.min(cents, Math.ceil((cents * quantity) / line.quantityHundredths));
    return { totalCents: upTo(line.totalCents), taxCents: upTo(line.taxCents) };
  });
  return returnTotals(amounts, context.invoice.pricesIncludeTax).totalCents;
}

/** What of a credit note's stated refund is held for review (beyond its lines' worth): its refund less the refunds paid for it. */
export const heldRefundCents = (note: Pick<CreditNoteRow, 'refundCents'>, paidForIt: readonly Pick<PaymentRow, 'amountCents'>[]) =>
  Math.max(note.refundCents + paidForIt.reduce((sum, payment) => sum + payment.amountCents, 0), 0);

/** The id of the payment that pays out a held refund once accepted: one per credit note. */
export const acceptedRefundPaymentId = (creditNoteId: string) => `${creditNoteId}/accepted-refund`;

/**
 * The review fields of a credit note: open with its reasons when it was recorded with problems (money
 * already handed back), or with `notes` (recorded under another number than the one printed, a refund
 * other than the server's figures give).
 */
export function returnReview(problems: readonly ReturnProblem[], notes: readonly (string | null)[] = []): { reviewState: SaleReviewState; reviewReason: string } {
  const reasons = [...notes.filter((note): note is string => !!note), ...(problems.length > 0 ? [`Recorded as handed over: ${problems.join(' ')}`] : [])];
  return reasons.length === 0 ? { reviewState: '', reviewReason: '' } : { reviewState: 'open', reviewReason: reasons.join(' ') };
}

/** A return: a credit note, its lines, the refund and the stock movements; the invoice's standing recomputed. */
export const returnSale = defineMutation({
  name: 'returnSale',
  fact: true,
  schema: returnSaleSchema,
  permission: 'operate',
  leansOn: (args: ReturnArgs) => ({ record: { table: 'invoices', id: args.invoiceId }, madeBy: 'checkoutSale' }),
  touches: (args: ReturnArgs): RecordRef[] => [
    { table: 'creditNotes', id: args.id },
    ...args.lines.map((line) => ({ table: 'creditNoteLines' as const, id: line.id })),
    { table: 'invoices', id: args.invoiceId },
    ...args.lines.map((line) => ({ table: 'invoiceLines' as const, id: line.invoiceLineId })),
    { table: 'payments', id: args.refundPaymentId },
    // The parts' stock, kept on the device as it counted it until the return is sent.
    ...args.lines
      .filter((line) => line.itemId)
      .flatMap((line) => [
        { table: 'stockMovements' as const, id: returnMovementId(line.id) },
        ...(line.disposition === 'restock' ? [] : [{ table: 'stockMovements' as const, id: returnOutMovementId(line.id) }]),
        { table: 'items' as const, id: line.itemId! },
      ]),
  ],
});
