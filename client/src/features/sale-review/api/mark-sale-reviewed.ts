import { mutate } from '../../../sync/mutate';

/** 'Mark as reviewed': on this device first (offline too), sent with the next sync. */
export async function markSaleReviewed(invoiceId: string): Promise<void> {
  await mutate('markSaleReviewed', { id: invoiceId });
}
