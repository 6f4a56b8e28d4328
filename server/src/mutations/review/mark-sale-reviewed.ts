import { notFound } from '../../http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '../../../../shared/mutations/definitions';
import { saleReviewMessages } from '../../../../shared/mutations/review';
import { reviewedBy } from '../../../../shared/domain/sale-review';

/** The sale's review closed by the user, at the server's time; nothing written when none is open. */
export function markSaleReviewed(tx: MutationTx, args: MutationArgs<'markSaleReviewed'>) {
  const invoice = tx.findLive('invoices', args.id);
  if (!invoice) throw notFound(saleReviewMessages.notFound);
  if (invoice.reviewState !== 'open') return invoice;
  tx.update('invoices', args.id, reviewedBy(tx.user, tx.happenedAt));
  return tx.find('invoices', args.id)!;
}
