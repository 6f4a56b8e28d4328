import { conflict } from '@server/http/errors';
import { assertBarcodeFree, assertCategoryLive } from '../entity-rules';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from './stock';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { openingMovement } from '@shared/mutations/items';
import type { MutationArgs } from '@shared/mutations/definitions';

/** A new item with stock 0, then its opening stock as a movement: one version for both rows. */
export function createItem(tx: MutationTx, args: MutationArgs<'createItem'>) {
  if (tx.find('items', args.id)) throw conflict('This item already exists.');
  const fields = fieldsFromArgs('items', args);
  assertBarcodeFree(tx, args.barcode, args.id);
  if (fields.categoryId) assertCategoryLive(tx, String(fields.categoryId));
  tx.insert('items', { ...fields, id: args.id, stockHundredths: 0 });
  const opening = openingMovement(args);
  // The item is the one just inserted, so recordMovement need not look it up again.
  return opening ? recordMovement(tx, opening, { item: true }) : tx.find('items', args.id)!;
}
