import { conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from './stock';
import type { MutationArgs } from '@shared/mutations/definitions';
import { adjustmentMovement } from '@shared/mutations/items';

/** A count or a delivery: the signed difference, recorded as one movement. */
export function adjustStock(tx: MutationTx, args: MutationArgs<'adjustStock'>) {
  if (tx.find('stockMovements', args.id)) throw conflict('This stock change was already recorded.');
  // A count of an item deleted meanwhile is refused; a sale of one (a later operation) will still stand.
  if (!tx.findLive('items', args.itemId)) throw notFound('Item not found. It may have been deleted.');
  // Both looked up just above: recordMovement does not read them again, and answers the moved item.
  return recordMovement(tx, adjustmentMovement(args), { item: true, movementId: true });
}
