import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { reviewedNotFound, reviewedTable } from '@shared/mutations/review';
import { reviewedBy } from '@shared/domain/sale-review';

/** The device's half of server/src/mutations/review/mark-sale-reviewed.ts. */
export async function markSaleReviewed(tx: LocalTx, args: MutationArgs<'markSaleReviewed'>): Promise<void> {
  const table = reviewedTable(args.kind);
  const row = await tx.get(table, args.id);
  if (!row) throw new ValidationError(reviewedNotFound(args.kind));
  if (row.reviewState !== 'open') return;
  await tx.patch(table, args.id, reviewedBy(tx.author, tx.now));
}
