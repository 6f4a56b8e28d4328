import { assertCan } from '../auth/require-auth';
import { badRequest, notFound, parseOrThrow } from '../http/errors';
import type { MutationTx } from '../mutations/mutation-tx';
import { serverMutators } from '../mutations/registry';
import { openInvoicesOfCustomer } from './customer-due';
import type { BulkPaymentInput } from './payment-aliases';
import { allocatePayment } from '@shared/domain/allocation';
import { fromCents, toCents } from '@shared/domain/money';
import { recordBulkPayment } from '@shared/mutations/payments';
import { paymentMessages, recordBulkPaymentSchema } from '@shared/schemas/payment';
import { newRecordId } from '@shared/sync/record-id';

/** What POST /api/sales/bulk-payments answers, and what a retry under the same Idempotency-Key answers again. */
export interface BulkPaymentOutcome {
  id: string;
  customerId: string;
  appliedAmount: number;
  remainder: number;
  allocations: { invoiceId: string; invoiceNo: string; amount: number; paymentId: string }[];
}

/**
 * A bulk payment allocated by the server: the customer's open invoices read inside the mutation's
 * own transaction (so what it allocates over is what it writes over), oldest first by the shared
 * allocatePayment, then ONE recordBulkPayment with a payment id made here per allocation, so all of
 * them or none. Runs as the body of applyMutation (exactly once under the request's key), doing what
 * its core does for a named mutation: the permission, the shared schema, the apply, the restamp.
 */
export async function allocateAndRecordBulkPayment(tx: MutationTx, input: BulkPaymentInput, id: string = newRecordId()): Promise<BulkPaymentOutcome> {
  assertCan(tx.user, recordBulkPayment.permission);
  if (!(await tx.findLive('customers', input.customerId))) throw notFound('Customer not found.');
  const open = await openInvoicesOfCustomer(tx.db, input.customerId);
  const plan = allocatePayment(open, toCents(input.amount));
  if (plan.allocations.length === 0) throw badRequest(paymentMessages.nothingToApply);
  const allocations = plan.allocations.map((allocation) => ({ ...allocation, paymentId: newRecordId() }));
  const args = parseOrThrow(recordBulkPaymentSchema, {
    id,
    customerId: input.customerId,
    date: input.date,
    method: input.method,
    amount: input.amount,
    note: input.note,
    allocations: allocations.map((allocation) => ({ paymentId: allocation.paymentId, invoiceId: allocation.invoiceId, amount: fromCents(allocation.amountCents) })),
  });
  await serverMutators.recordBulkPayment(tx, args);
  await tx.restampUnwritten(recordBulkPayment.touches(args));
  return {
    id,
    customerId: input.customerId,
    appliedAmount: fromCents(plan.appliedCents),
    remainder: fromCents(plan.remainderCents),
    allocations: allocations.map((allocation) => ({
      invoiceId: allocation.invoiceId,
      invoiceNo: allocation.invoiceNo,
      amount: fromCents(allocation.amountCents),
      paymentId: allocation.paymentId,
    })),
  };
}
