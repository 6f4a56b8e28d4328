import { notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from './stock';
import type { MutationArgs } from '@shared/mutations/definitions';
import { adjustmentMovement } from '@shared/mutations/items';

/** A count or a delivery: the signed difference, recorded as one movement. */
export async function adjustStock(tx: MutationTx, args: MutationArgs<'adjustStock'>) {
  // A count of an item deleted meanwhile is refused; a sale of one (a later operation) will still stand.
  await tx.check(
    () => tx.findLive('items', args.itemId),
    (item) => {
      if (!item) throw notFound('Item not found. It may have been deleted.');
    },
  );
  // The item was looked up just above; the movement's id already in the ledger is refused by its key.
  await recordMovement(tx, adjustmentMovement(args), { item: true, duplicate: 'This stock change was already recorded.' });
  return tx.answerRow('items', args.itemId);
}
