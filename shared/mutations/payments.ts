import type { z } from 'zod';
import { defineMutation } from './define';
import { recordBulkPaymentSchema, recordPaymentSchema } from '../schemas/payment';
import { paymentStanding } from '../domain/sales';
import type { RecordRef } from '../sync/tables';

/**
 * The invoice's standing as both sides keep it on the invoice row: recomputed from all its
 * payments (append-only) by the one shared function whenever one is written.
 */
export function invoiceStanding(totalCents: number, paymentCents: readonly number[]) {
  const { paidCents, dueCents, status } = paymentStanding(totalCents, paymentCents);
  return { paidCents, dueCents, status };
}

export const recordPayment = defineMutation({
  name: 'recordPayment',
  schema: recordPaymentSchema,
  permission: 'operate',
  touches: (args: z.output<typeof recordPaymentSchema>): RecordRef[] => [
    { table: 'payments', id: args.id },
    { table: 'invoices', id: args.invoiceId },
  ],
});

export const recordBulkPayment = defineMutation({
  name: 'recordBulkPayment',
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
