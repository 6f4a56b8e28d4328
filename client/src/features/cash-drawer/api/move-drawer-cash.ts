import { mutate } from '@/sync/mutate';

/** A pay-in (change from the bank) or pay-out (cash to the bank) of the open session, with its reason. */
export async function moveDrawerCash(sessionId: string, kind: 'payIn' | 'payOut', amount: string, reason: string): Promise<void> {
  await mutate('moveDrawerCash', { id: crypto.randomUUID(), sessionId, kind, amount, reason });
}
