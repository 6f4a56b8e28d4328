import type { z } from 'zod';
import { defineMutation } from './define';
import { recordBulkPaymentSchema, recordPaymentSchema } from '../schemas/payment';
import { paymentStanding } from '../domain/sales';
import type { RecordRef } from '../sync/tables';
import { toCents } from '../domain/money';
import { factTimesOf, type Occurred } from '../domain/device-time';
import type { PaymentRow } from '../schemas/sale';
import { noFactReview } from '../domain/sale-review';

/**
 * The invoice's standing as both sides keep it on the invoice row: recomputed from all its
 * payments (append-only) by the one shared function whenever one is written.
 */
export function invoiceStanding(totalCents: number, paymentCents: readonly number[]) {
  const { paidCents, dueCents, status } = paymentStanding(totalCents, paymentCents);
  return { paidCents, dueCents, status };
}

type RecordPaymentArgs = z.output<typeof recordPaymentSchema>;

/** A payment row as a mutation writes it; each side's write adds the sync fields. */
type NewPaymentRow = Omit<PaymentRow, 'version' | 'deleted' | 'updatedAt'>;

type Author = { id: string; name: string };
type PaymentFields = Omit<NewPaymentRow, 'userId' | 'userName' | 'createdAt' | 'receivedAt' | 'clockAheadMs' | 'register' | keyof typeof noFactReview>;

/** A payment row: what was paid, by whom, when and at which register it happened (shared/domain/device-time.ts). */
export const paymentRow = (fields: PaymentFields, author: Author, when: Occurred): NewPaymentRow => ({
  ...fields,
  userId: author.id,
  userName: author.name,
  createdAt: when.at,
  ...factTimesOf(when),
  register: when.register ?? '',
  // Only the server raises a payment for review (server/src/mutations/payments/before-its-invoice.ts).
  ...noFactReview,
});

/**
 * The payment row of a recordPayment, built once for the device's optimistic row and the server's.
 * `amountCents` is what stays in the shop (income); `tenderedCents` what was handed over, so the
 * change given back is their difference. A correction (negative) hands nothing over.
 */
export function paymentRowOf(args: RecordPaymentArgs, invoice: Readonly<Record<string, unknown>>, author: Author, when: Occurred): NewPaymentRow {
  const amountCents = toCents(args.amount);
  const tenderedCents = args.tendered === undefined ? Math.max(amountCents, 0) : toCents(args.tendered);
  const customerId = (invoice.customerId as string | null | undefined) ?? null;
  return paymentRow(
    { id: args.id, invoiceId: args.invoiceId, customerId, amountCents, tenderedCents, method: args.method, date: args.date, note: args.note, bulkId: null },
    author,
    when,
  );
}

/** One allocation's payment row of a recordBulkPayment, built once for both sides. */
export function bulkPaymentRowOf(
  args: z.output<typeof recordBulkPaymentSchema>,
  allocation: z.output<typeof recordBulkPaymentSchema>['allocations'][number],
  author: Author,
  when: Occurred,
): NewPaymentRow {
  const amountCents = toCents(allocation.amount);
  const { customerId, method, date, note } = args;
  return paymentRow(
    { id: allocation.paymentId, invoiceId: allocation.invoiceId, customerId, amountCents, tenderedCents: amountCents, method, date, note, bulkId: args.id },
    author,
    when,
  );
}

export const recordPayment = defineMutation({
  name: 'recordPayment',
  fact: true,
  schema: recordPaymentSchema,
  permission: 'operate',
  touches: (args: RecordPaymentArgs): RecordRef[] => [
    { table: 'payments', id: args.id },
    { table: 'invoices', id: args.invoiceId },
  ],
});

export const recordBulkPayment = defineMutation({
  name: 'recordBulkPayment',
  fact: true,
  schema: recordBulkPaymentSchema,
  permission: 'operate',
  touches: (args: z.output<typeof recordBulkPaymentSchema>): RecordRef[] => [
    { table: 'customers', id: args.customerId },
    ...args.allocations.flatMap((allocation) => [
      { table: 'payments' as const, id: allocation.paymentId },
      { table: 'invoices' as const, id: allocation.invoiceId },
    ]),
  ],
});
