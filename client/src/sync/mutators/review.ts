import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '../../../../shared/mutations/definitions';
import { saleReviewMessages } from '../../../../shared/mutations/review';
import { reviewedBy } from '../../../../shared/domain/sale-review';

/** The device's half of server/src/mutations/review/mark-sale-reviewed.ts. */
export async function markSaleReviewed(tx: LocalTx, args: MutationArgs<'markSaleReviewed'>): Promise<void> {
  const invoice = await tx.get('invoices', args.id);
  if (!invoice) throw new ValidationError(saleReviewMessages.notFound);
  if (invoice.reviewState !== 'open') return;
  await tx.patch('invoices', args.id, reviewedBy(tx.author, tx.now));
}
