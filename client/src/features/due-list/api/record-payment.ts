import { mutate } from '@/sync/mutate';
import type { MutationInput } from '@shared/mutations/definitions';
import { newRecordId } from '@shared/sync/record-id';

export interface PaymentInput {
  date: string;
  method: string;
  amount: string;
  note: string;
  /** A correction (Admin, Manager): recorded as a negative amount, with its reason in the note. */
  correction: boolean;
  /** What the customer handed over when change was given back (more than `amount`); absent otherwise. */
  tendered?: string;
  /** The due the screen showed when the payment was taken: the server raises what another device paid meanwhile (issue 47). */
  dueShown?: string;
}

/** One payment on one invoice, on this device first (offline too); answers the payment's id. */
export async function recordPayment(invoiceId: string, input: PaymentInput): Promise<string> {
  const id = newRecordId();
  const amount = input.correction && input.amount.trim() !== '' ? `-${input.amount.trim().replace(/^-/, '')}` : input.amount;
  // The select's value ('' when none is chosen): the schema refuses anything else with its message.
  const method = input.method as MutationInput<'recordPayment'>['method'];
  await mutate('recordPayment', {
    id,
    invoiceId,
    date: input.date,
    method,
    amount,
    note: input.note,
    ...(input.tendered ? { tendered: input.tendered } : {}),
    ...(input.dueShown ? { dueShown: input.dueShown } : {}),
  });
  return id;
}
