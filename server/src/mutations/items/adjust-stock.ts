import { conflict } from '../../http/errors';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from './stock';
import type { MutationArgs } from '../../../../shared/mutations/definitions';
import { toHundredths } from '../../../../shared/domain/quantity';

/** A count or a delivery: the signed difference, recorded as one movement. */
export function adjustStock(tx: MutationTx, args: MutationArgs<'adjustStock'>) {
  if (tx.find('stockMovements', args.id)) throw conflict('This stock change was already recorded.');
  recordMovement(tx, {
    id: args.id,
    itemId: args.itemId,
    quantityHundredths: toHundredths(args.quantity),
    reason: args.reason,
    source: 'item-form',
    note: args.note,
  });
  return tx.find('items', args.itemId)!;
}
