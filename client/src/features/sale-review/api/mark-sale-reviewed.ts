import { mutate } from '@/sync/mutate';
import type { ReviewedKind } from '@shared/mutations/review';

/** 'Mark as reviewed' of a sale, a return or a payment: on this device first (offline too), sent with the next sync. */
export async function markSaleReviewed(id: string, kind: ReviewedKind = 'sale'): Promise<void> {
  await mutate('markSaleReviewed', { id, kind });
}

/** 'Accept refund': the part of a register's refund held beyond its lines' worth is paid out, and the return's review closes. */
export async function acceptHeldRefund(id: string, invoiceId: string): Promise<void> {
  await mutate('acceptHeldRefund', { id, invoiceId });
}
