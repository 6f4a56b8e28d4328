import { mutate } from '@/sync/mutate';
import type { PaidTwiceChoice, ReviewedKind } from '@shared/mutations/review';
import { localDateInput } from '@/lib/format-date';

/** 'Mark as reviewed' of a sale, a return or a payment: on this device first (offline too), sent with the next sync. */
export async function markSaleReviewed(id: string, kind: ReviewedKind = 'sale'): Promise<void> {
  await mutate('markSaleReviewed', { id, kind });
}

/** 'Accept refund': the part of a register's refund held beyond its lines' worth is paid out, and the return's review closes. */
export async function acceptHeldRefund(id: string, invoiceId: string): Promise<void> {
  await mutate('acceptHeldRefund', { id, invoiceId });
}

/** A payment taken twice, settled: 'refund' hands it back today on this register, 'credit' keeps it as the customer's credit (issue 47). */
export async function settlePaidTwice(id: string, invoiceId: string, choice: PaidTwiceChoice): Promise<void> {
  await mutate('settlePaidTwice', { id, invoiceId, choice, date: localDateInput() });
}
