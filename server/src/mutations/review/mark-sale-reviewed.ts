import { notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { reviewedNotFound, reviewedTable } from '@shared/mutations/review';
import { reviewedBy } from '@shared/domain/sale-review';

/** The sale's, return's or payment's review closed by the user, at the server's time; nothing written when none is open. */
export async function markSaleReviewed(tx: MutationTx, args: MutationArgs<'markSaleReviewed'>) {
  const table = reviewedTable(args.kind);
  const row = await tx.findLive(table, args.id);
  if (!row) throw notFound(reviewedNotFound(args.kind));
  if (row.reviewState !== 'open') return row;
  await tx.update(table, args.id, reviewedBy(tx.user, tx.happenedAt));
  return (await tx.find(table, args.id))!;
}
