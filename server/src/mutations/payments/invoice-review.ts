import type { MutationTx } from '../mutation-tx';
import { openReview } from '@shared/domain/sale-review';

/** Raises a recorded invoice for review with one more reason, kept beside any it already has open. */
export async function raiseInvoiceReview(tx: MutationTx, invoice: Readonly<Record<string, unknown>> & { id: string }, reason: string): Promise<void> {
  const open = invoice.reviewState === 'open' ? String(invoice.reviewReason) : '';
  if (open.includes(reason)) return;
  await tx.update('invoices', invoice.id, openReview(open ? `${open} ${reason}` : reason, (invoice.duplicateOfId as string | null | undefined) ?? null));
}
