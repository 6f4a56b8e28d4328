import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import type { MutationInput } from '@shared/mutations/definitions';
import { newRecordId } from '@shared/sync/record-id';

export interface ExpenseInput {
  date: string;
  category: string;
  /** Rupees as typed; for a correction, what is taken back (recorded negative). */
  amount: string;
  paidFrom: string;
  note: string;
  /** The expense a correction takes back from (Admin, Manager). */
  correctionOf?: string;
}

/**
 * One expense on this device first (offline too). Paid from the cash drawer, it names this
 * register's code, so the register's cash-up counts it.
 */
export async function recordExpense(input: ExpenseInput): Promise<string> {
  const id = newRecordId();
  const register = input.paidFrom === 'Cash drawer' ? ((await db.syncState.get('deviceCode'))?.value ?? '') : '';
  const amount = input.correctionOf && input.amount.trim() !== '' ? `-${input.amount.trim().replace(/^-/, '')}` : input.amount;
  await mutate('recordExpense', {
    id,
    date: input.date,
    category: input.category,
    amount,
    // The select's value ('' when none is chosen): the schema refuses anything else with its message.
    paidFrom: input.paidFrom as MutationInput<'recordExpense'>['paidFrom'],
    note: input.note,
    register,
    ...(input.correctionOf ? { correctionOf: input.correctionOf } : {}),
  });
  return id;
}
