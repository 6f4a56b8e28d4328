import { mutate } from '@/sync/mutate';
import type { ReviewedKind } from '@shared/mutations/review';

/** 'Mark as reviewed' of a sale, a return or a payment: on this device first (offline too), sent with the next sync. */
export async function markSaleReviewed(id: string, kind: ReviewedKind = 'sale'): Promise<void> {
  await mutate('markSaleReviewed', { id, kind });
}
