import { badRequest, conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from '../items/stock';
import { noteServerInvoiceNo } from '@server/sales/server-invoice-no';
import type { MutationArgs } from '@shared/mutations/definitions';
import { checkoutInvoiceRows, checkoutPays, checkoutRows, guestPaidInFull, isGuestSale } from '@shared/mutations/sales';
import { saleMessages } from '@shared/schemas/sale';
import { dateWindowMessages } from '@shared/domain/date-window';
import { checkDateWindow } from '../date-window-rule';
import { saleConflicts } from './sale-conflicts';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { creditSpend } from '../payments/credit-spend';
import { recordedInvoiceNo } from './printed-number';
import { saleTaxReview } from './sale-tax';
import { adoptEarlierPayments } from '../payments/before-its-invoice';

/**
 * A sale, in one transaction and exactly once (the core's applied-mutation record): the invoice
 * with totals recomputed here from its lines and its own tax setting (a register total that
 * disagrees is refused), its lines, its first payment (append-only), a stock movement per product
 * line (stock may go below 0: two registers selling the last unit offline both stand), and the job
 * card linked to it.
 */
export async function checkoutSale(tx: MutationTx, args: MutationArgs<'checkoutSale'>) {
  // 1970 or 9999 is a broken clock or a forged body: refused over REST; a device's sale is recorded
  // and its date reviewed (sale-conflicts.ts). Correcting device times by their clock offset is
  // issue 23's next step.
  checkDateWindow(tx, args.date, dateWindowMessages.sale);
  if (await tx.find('invoices', args.id)) throw conflict('This invoice already exists.');
  let rows: ReturnType<typeof checkoutRows>;
  try {
    rows = checkoutRows(args);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
  const customer = args.customerId ? await tx.find('customers', args.customerId) : undefined;
  const named = customer && !customer.deleted ? customer : undefined;
  // A guest's customer record owes nothing either: its sale is a guest sale.
  const guest = isGuestSale(args, customer);
  if (!guestPaidInFull({ ...args, guest }, rows.totals.totalCents)) throw badRequest(saleMessages.guestPaidInFull);
  // Ids the device made: one the server already holds is the caller's conflict, not a failed insert (a 500).
  for (const line of rows.lines) if (await tx.find('invoiceLines', line.id)) throw conflict('This invoice line id is already used.');
  if (checkoutPays(rows) && (await tx.find('payments', args.payment.id))) throw conflict('This payment id is already used.');
  const job = args.jobCardId ? await tx.findLive('jobCards', args.jobCardId) : undefined;
  const number = await recordedInvoiceNo(tx, args.invoiceNo);
  // Over REST the number differs only when the server took its own here: the movements name that one.
  if (!tx.fromDevice && number.invoiceNo !== args.invoiceNo) rows = checkoutRows({ ...args, invoiceNo: number.invoiceNo });
  // A part the server holds no record of (never sent, or lost to a restore): over REST the sale is
  // refused; a pushed sale was handed over, so it stands, that part moves no stock, and it is reviewed.
  const unknownItems = [];
  for (const movement of rows.movements) if (!(await tx.find('items', movement.itemId))) unknownItems.push(movement);
  if (unknownItems.length > 0 && !tx.fromDevice) throw notFound('Item not found.');
  const unknownNames = unknownItems.map((movement) => rows.lines.find((line) => line.refId === movement.itemId)?.name ?? movement.itemId);
  const taxReason = await saleTaxReview(tx, { taxRatePercent: args.taxRatePercent, pricesIncludeTax: args.pricesIncludeTax });
  const found = [...(number.reason ? [number.reason] : []), ...(unknownNames.length > 0 ? [saleReviewReasons.itemsMissing(unknownNames)] : []), ...(taxReason ? [taxReason] : [])];
  const credit = await creditSpend(tx, args.payment.method, args.customerId && !guest ? args.customerId : null, rows.amountCents, rows.tenderedCents - rows.amountCents);
  if (credit) found.push(credit);
  const { soldBefore, review } = saleConflicts(tx, args, customer, job, found);

  const sale = checkoutInvoiceRows({ ...args, invoiceNo: number.invoiceNo }, rows, { guest, customer: named, job, author: tx.user, when: tx.occurred, review });
  await tx.insert('invoices', sale.invoice);
  for (const line of sale.lines) await tx.insert('invoiceLines', { ...line, costCents: await costAtSale(tx, line) });
  if (sale.payment) await tx.insert('payments', sale.payment);
  await adoptEarlierPayments(tx, args.id, sale.payment?.id ?? null);
  for (const movement of rows.movements) if (!unknownItems.includes(movement)) await recordMovement(tx, movement, { item: true }); // found above
  await noteServerInvoiceNo(tx.db, number.invoiceNo);
  // A second sale stands on its own: the job stays linked to its first invoice.
  if (job && !soldBefore) await tx.update('jobCards', job.id, { invoiceId: args.id, invoiceNo: number.invoiceNo });
  return (await tx.find('invoices', args.id))!;
}

/**
 * A part's cost to the shop as the server holds it when it records the sale: the item's average
 * cost (issue 44; receipts move it). The device does not state it: a Staff device holds no costs,
 * and a cost is no fact of the counter. A service, or a part the server does not know, has none.
 */
async function costAtSale(tx: MutationTx, line: { kind: string; refId: string | null }): Promise<number | null> {
  if (line.kind !== 'item' || !line.refId) return null;
  const item = await tx.find('items', line.refId);
  return typeof item?.costPriceCents === 'number' ? item.costPriceCents : null;
}
