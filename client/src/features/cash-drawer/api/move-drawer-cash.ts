import { mutate } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';

/** A pay-in (change from the bank) or pay-out (cash to the bank) of the open session, with its reason. */
export async function moveDrawerCash(sessionId: string, kind: 'payIn' | 'payOut', amount: string, reason: string): Promise<void> {
  await mutate('moveDrawerCash', { id: newRecordId(), sessionId, kind, amount, reason });
}
