import { mutate } from '@/sync/mutate';
import type { MutationInput } from '@shared/mutations/definitions';
import { fromCents } from '@shared/domain/money';
import type { AllocationPlan } from '@shared/domain/allocation';
import { newRecordId } from '@shared/sync/record-id';

export interface BulkInput {
  customerId: string;
  date: string;
  method: string;
  amount: string;
  note: string;
}

/** The bulk payment as one operation: every allocation of the preview, or none. Answers its id. */
export async function recordBulkPayment(input: BulkInput, plan: AllocationPlan): Promise<string> {
  const id = newRecordId();
  await mutate('recordBulkPayment', {
    id,
    customerId: input.customerId,
    date: input.date,
    // The select's value ('' when none is chosen): the schema refuses anything else with its message.
    method: input.method as MutationInput<'recordBulkPayment'>['method'],
    amount: input.amount,
    note: input.note,
    allocations: plan.allocations.map((allocation) => ({ paymentId: newRecordId(), invoiceId: allocation.invoiceId, amount: fromCents(allocation.amountCents) })),
  });
  return id;
}
