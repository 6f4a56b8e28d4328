import type { z } from 'zod';
import { defineMutation } from './define';
import { recordOpeningBalanceSchema } from '../schemas/opening-balance';
import { toCents } from '../domain/money';
import type { RecordRef } from '../sync/tables';
import { invoiceStanding, paymentRow } from './payments';
import { noReview } from '../domain/sale-review';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { openingBalanceMethod, openingInvoiceNo, openingLineId, openingLineName } from '../domain/opening-balance';

type OpeningArgs = z.output<typeof recordOpeningBalanceSchema>;
type Stored = Readonly<Record<string, unknown>>;

/**
 * The rows of an opening balance, built once for the device's apply and the server's: the invoice in
 * the opening series with the due date it states, one line 'Opening balance' (so it prints like any
 * invoice), and, when something was paid, a payment of it by the method 'Opening balance' dated the
 * invoice's day at no register, so no day's income and no drawer counts it. No tax: the old books
 * already accounted for it.
 */
export function openingBalanceRows(args: OpeningArgs, customer: Stored, author: { id: string; name: string }, when: Occurred) {
  const totalCents = toCents(args.total);
  const paidCents = toCents(args.paid);
  const invoice = {
    id: args.id,
    invoiceNo: openingInvoiceNo(args.invoiceNo),
    // A day, as a recorded payment's is: never moved by a time zone (client/src/lib/document-format.ts).
    date: args.date,
    dueDate: args.dueDate,
    openingBalance: true,
    note: args.note,
    customerId: args.customerId,
    guest: false,
    customerName: String(customer.customerName ?? ''),
    customerPhone: String(customer.phone ?? ''),
    customerAddress: String(customer.address ?? ''),
    jobCardId: null,
    vehicleLicensePlate: '',
    vehicleMake: '',
    vehicleModel: '',
    currentMileage: null,
    taxRatePercent: 0,
    pricesIncludeTax: true,
    grossCents: totalCents,
    discountCents: 0,
    subTotalCents: totalCents,
    taxCents: 0,
    totalCents,
    ...invoiceStanding(totalCents, paidCents > 0 ? [paidCents] : []),
    returnedCents: 0,
    ...noReview,
    soldById: author.id,
    soldBy: author.name,
    createdAt: when.at,
    ...factTimesOf(when),
  };
  const line = {
    id: openingLineId(args.id),
    invoiceId: args.id,
    position: 0,
    kind: 'service' as const,
    refId: null,
    name: openingLineName,
    quantityHundredths: 100,
    unitPriceCents: totalCents,
    discountPercent: 0,
    totalCents,
    taxCents: 0,
    warrantyMonths: 0,
  };
  const payment =
    paidCents > 0
      ? paymentRow(
          {
            id: args.paymentId,
            invoiceId: args.id,
            customerId: args.customerId,
            amountCents: paidCents,
            tenderedCents: paidCents,
            method: openingBalanceMethod,
            date: args.date,
            note: args.note,
            bulkId: null,
          },
          author,
          // Taken before the move, at no register: no drawer counts it.
          { ...when, register: '' },
        )
      : null;
  return { invoice, line, payment };
}

/**
 * An opening balance (issue 43): the import's unpaid invoice of the old books. Not a fact: nothing
 * was handed over in this app, so a refusal may be discarded. The same number again is the same
 * record: nothing new is written (server/src/mutations/opening-balances/).
 */
export const recordOpeningBalance = defineMutation({
  name: 'recordOpeningBalance',
  schema: recordOpeningBalanceSchema,
  permission: 'recordOpeningBalances',
  touches: (args: OpeningArgs): RecordRef[] => [
    { table: 'invoices', id: args.id },
    { table: 'invoiceLines', id: openingLineId(args.id) },
    { table: 'payments', id: args.paymentId },
    { table: 'customers', id: args.customerId },
  ],
});
