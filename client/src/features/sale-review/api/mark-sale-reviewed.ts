import { mutate } from '@/sync/mutate';

/** 'Mark as reviewed' of a sale or a return: on this device first (offline too), sent with the next sync. */
export async function markSaleReviewed(id: string, kind: 'sale' | 'return' = 'sale'): Promise<void> {
  await mutate('markSaleReviewed', { id, kind });
}

/** 'Accept refund': the part of a register's refund held beyond its lines' worth is paid out, and the return's review closes. */
export async function acceptHeldRefund(id: string, invoiceId: string): Promise<void> {
  await mutate('acceptHeldRefund', { id, invoiceId });
}
