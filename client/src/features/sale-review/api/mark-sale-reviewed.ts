import { mutate } from '@/sync/mutate';

/** 'Mark as reviewed' of a sale or a return: on this device first (offline too), sent with the next sync. */
export async function markSaleReviewed(id: string, kind: 'sale' | 'return' = 'sale'): Promise<void> {
  await mutate('markSaleReviewed', { id, kind });
}
