import { mutate } from '../../../sync/mutate';

export interface PaymentInput {
  date: string;
  method: string;
  amount: string;
  note: string;
  /** A correction (Admin, Manager): recorded as a negative amount, with its reason in the note. */
  correction: boolean;
}

/** One payment on one invoice, on this device first (offline too); answers the payment's id. */
export async function recordPayment(invoiceId: string, input: PaymentInput): Promise<string> {
  const id = crypto.randomUUID();
  const amount = input.correction && input.amount.trim() !== '' ? `-${input.amount.trim().replace(/^-/, '')}` : input.amount;
  await mutate('recordPayment', { id, invoiceId, date: input.date, method: input.method, amount, note: input.note });
  return id;
}
