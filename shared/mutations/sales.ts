import type { z } from 'zod';
import { defineMutation } from './define';
import { checkoutSaleSchema, saleMessages } from '../schemas/sale';
import { invoiceTotals, saleLineTaxCents, saleLineTotalCents } from '../domain/sales';
import { formatMoney, toCents } from '../domain/money';
import { cashRoundingCents } from '../domain/cash-rounding';
import { toHundredths } from '../domain/quantity';
import type { Movement } from './items';
import type { RecordRef } from '../sync/tables';
import { isGuestCustomer } from '../schemas/customer';
import { invoiceStanding } from './payments';
import { noReview, type openReview } from '../domain/sale-review';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { paymentRow } from './payments';

type CheckoutArgs = z.output<typeof checkoutSaleSchema>;

/** The sale movement of a product line: one per line, so its id follows from the line's. */
export const saleMovementId = (lineId: string) => `${lineId}/sale`;

/**
 * The rows a checkout writes, computed once for the device's optimistic apply and the server's:
 * the invoice (its totals recomputed from the lines and the invoice's tax setting), its lines, the
 * first payment and the stock movements. Throws the mismatch message when the register's total
 * disagrees with the lines.
 */
export function checkoutRows(args: CheckoutArgs) {
  const tax = { taxRatePercent: args.taxRatePercent, pricesIncludeTax: args.pricesIncludeTax };
  const lines = args.lines.map((line, position) => {
    const amounts = { unitPriceCents: toCents(line.unitPrice), quantityHundredths: toHundredths(line.quantity), discountPercent: line.discountPercent };
    return {
      id: line.id,
      position,
      kind: line.kind,
      refId: line.refId,
      name: line.name,
      ...amounts,
      totalCents: saleLineTotalCents(amounts),
      taxCents: saleLineTaxCents(amounts, tax),
      warrantyMonths: line.kind === 'service' ? 0 : line.warrantyMonths,
    };
  });
  const lineTotals = invoiceTotals(lines, tax);
  // A cash sale the shop rounds to the rupee carries its rounding line, checked like the total.
  const roundingCents = args.rounding === undefined ? 0 : cashRoundingCents(lineTotals.totalCents);
  if (args.rounding !== undefined && toCents(args.rounding) !== roundingCents)
    throw new Error(saleMessages.roundingMismatch(formatMoney(toCents(args.rounding)), formatMoney(roundingCents)));
  const totals = { ...lineTotals, totalCents: lineTotals.totalCents + roundingCents, roundingCents };
  const clientTotal = toCents(args.total);
  if (clientTotal !== totals.totalCents) throw new Error(saleMessages.totalMismatch(formatMoney(clientTotal), formatMoney(totals.totalCents)));
  const tenderedCents = toCents(args.payment.tendered);
  // What stays in the shop: the total at most, unless the customer left the extra as credit; a part
  // payment with change says what it pays (issue 47).
  const amountCents = args.payment.amount !== undefined ? toCents(args.payment.amount) : args.payment.keepExcess ? tenderedCents : Math.min(tenderedCents, totals.totalCents);
  const movements: Movement[] = lines
    .filter((line) => line.kind === 'item' && line.refId)
    .map((line) => ({ id: saleMovementId(line.id), itemId: line.refId!, quantityHundredths: -line.quantityHundredths, reason: 'sale', source: `invoice ${args.invoiceNo}` }));
  return { tax, lines, totals, tenderedCents, amountCents, movements };
}

/**
 * A guest sale is paid in full (spec 4); a registered customer may owe the rest. A sale with no
 * customer is a guest's whatever its flag says: a due nobody owes could never be collected.
 */
export function guestPaidInFull(args: Pick<CheckoutArgs, 'guest' | 'customerId' | 'payment'>, totalCents: number): boolean {
  return (!args.guest && !!args.customerId) || toCents(args.payment.amount ?? args.payment.tendered) >= totalCents;
}

type Stored = Readonly<Record<string, unknown>>;

/**
 * Whether a sale is a guest's, as both sides decide it: flagged so, sold to nobody, or sold to a
 * customer record that is a guest's (spec 3: a guest by flag, type or name).
 */
export function isGuestSale(args: Pick<CheckoutArgs, 'guest' | 'customerId'>, customer: Stored | undefined): boolean {
  return args.guest || !args.customerId || (!!customer && isGuestCustomer(customer as Parameters<typeof isGuestCustomer>[0]));
}

/** Whether the checkout takes money now (a first payment row is written). */
export const checkoutPays = (rows: ReturnType<typeof checkoutRows>) => rows.amountCents > 0 || rows.tenderedCents > 0;

/**
 * The invoice row and the first payment row of a checkout, built once for the device's apply and the
 * server's. `customer` is the live customer record (a deleted one keeps no details on the server:
 * the register's copy names them); `job` the sold job card.
 */
export function checkoutInvoiceRows(
  args: CheckoutArgs,
  rows: ReturnType<typeof checkoutRows>,
  context: { guest: boolean; customer: Stored | undefined; job: Stored | undefined; author: { id: string; name: string }; when: Occurred; review?: ReturnType<typeof openReview> },
) {
  const { guest, customer, job, author, when, review = noReview } = context;
  const paying = checkoutPays(rows);
  const invoice = {
    id: args.id,
    invoiceNo: args.invoiceNo,
    date: args.date,
    customerId: args.customerId,
    guest,
    customerName: customer ? String(customer.customerName) : args.customerName || 'Guest',
    customerPhone: customer ? String(customer.phone ?? '') : args.customerPhone,
    customerAddress: customer ? String(customer.address ?? '') : args.customerAddress,
    jobCardId: args.jobCardId,
    vehicleLicensePlate: job ? String(job.vehicleLicensePlate) : '',
    vehicleMake: job ? String(job.vehicleMake) : '',
    vehicleModel: job ? String(job.vehicleModel) : '',
    currentMileage: job ? Number(job.currentMileage) : null,
    ...rows.tax,
    ...rows.totals,
    ...invoiceStanding(rows.totals.totalCents, paying ? [rows.amountCents] : []),
    returnedCents: 0,
    ...review,
    soldById: author.id,
    soldBy: author.name,
    createdAt: when.at,
    // A sale: due 14 days after its date (shared/domain/opening-balance.ts has the other kind).
    openingBalance: false,
    dueDate: '',
    note: '',
    ...factTimesOf(when),
  };
  const payment = paying
    ? paymentRow(
        {
          id: args.payment.id,
          invoiceId: args.id,
          customerId: args.customerId,
          amountCents: rows.amountCents,
          tenderedCents: rows.tenderedCents,
          method: args.payment.method,
          date: args.date,
          note: '',
          bulkId: null,
        },
        author,
        when,
      )
    : null;
  return { invoice, lines: rows.lines.map((line) => ({ ...line, invoiceId: args.id })), payment };
}

/** Checkout: the invoice, its lines, its first payment and a stock movement per product line; the job linked. */
export const checkoutSale = defineMutation({
  name: 'checkoutSale',
  fact: true,
  schema: checkoutSaleSchema,
  permission: 'operate',
  touches: (args: CheckoutArgs): RecordRef[] => [
    { table: 'invoices', id: args.id },
    ...args.lines.map((line) => ({ table: 'invoiceLines' as const, id: line.id })),
    { table: 'payments', id: args.payment.id },
    ...args.lines
      .filter((line) => line.kind === 'item' && line.refId)
      .flatMap((line) => [
        { table: 'stockMovements' as const, id: saleMovementId(line.id) },
        { table: 'items' as const, id: line.refId! },
      ]),
    ...(args.customerId ? [{ table: 'customers' as const, id: args.customerId }] : []),
    ...(args.jobCardId ? [{ table: 'jobCards' as const, id: args.jobCardId }] : []),
  ],
});
