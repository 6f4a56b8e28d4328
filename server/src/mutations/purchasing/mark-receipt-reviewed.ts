import { notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { receiptMessages } from '@shared/schemas/receipt';
import { reviewedBy } from '@shared/domain/sale-review';

/** A delivery's review closed (a no-op when already closed, so two Managers at once both succeed). */
export async function markReceiptReviewed(tx: MutationTx, args: MutationArgs<'markReceiptReviewed'>) {
  const row = await tx.findLive('goodsReceipts', args.id);
  if (!row) throw notFound(receiptMessages.notFound);
  if (row.reviewState !== 'open') return row;
  await tx.update('goodsReceipts', args.id, reviewedBy(tx.user, tx.happenedAt));
  return (await tx.find('goodsReceipts', args.id))!;
}
