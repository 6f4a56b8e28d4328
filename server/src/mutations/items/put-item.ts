import { applyEntity } from '../entity';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from './stock';
import { mutationDefs, type MutationArgs } from '@shared/mutations/definitions';
import { toHundredths } from '@shared/domain/quantity';

const updateCatalogFields = applyEntity(mutationDefs.updateItem);

/**
 * The spec's PUT /api/items/{id}: the catalogue fields as an edit, and a stockQuantity as the
 * adjustment that brings the stock to it at the moment the server applies it.
 */
export async function putItem(tx: MutationTx, args: MutationArgs<'putItem'>) {
  const { stockQuantity, movementId, ...catalog } = args;
  const item = await updateCatalogFields(tx, catalog);
  if (stockQuantity !== undefined) {
    const delta = toHundredths(stockQuantity) - Number(item.stockHundredths);
    if (delta !== 0) await recordMovement(tx, { id: movementId, itemId: args.id, quantityHundredths: delta, reason: 'adjustment', source: 'api' });
  }
  return (await tx.find('items', args.id))!;
}
