import { assertBarcodeFree, assertCategoryLive, assertSupplierLive } from '../entity-rules';
import type { MutationTx } from '../mutation-tx';
import { insertMovement } from './stock';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { openingMovement } from '@shared/mutations/items';
import type { MutationArgs } from '@shared/mutations/definitions';

/**
 * A new item with its opening stock, and that stock as its opening movement: one version for both
 * rows, and the stock is still the sum of the item's movements. Inserted at its opening stock rather
 * than at 0 and then moved, and an id already taken refused by the table's key rather than read
 * first: two statements fewer for each new item (issue 24).
 */
export async function createItem(tx: MutationTx, args: MutationArgs<'createItem'>) {
  const fields = fieldsFromArgs('items', args);
  await assertBarcodeFree(tx, args.barcode, args.id);
  if (fields.categoryId) await assertCategoryLive(tx, String(fields.categoryId));
  if (fields.supplierId) await assertSupplierLive(tx, String(fields.supplierId));
  const opening = openingMovement(args);
  const item = await tx.insertReturning('items', { ...fields, id: args.id, stockHundredths: opening?.quantityHundredths ?? 0 }, 'This item already exists.');
  if (opening) await insertMovement(tx, opening);
  return item;
}
