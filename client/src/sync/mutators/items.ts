import type { LocalTx } from '../local-tx';
import { applyEntityLocally } from './entity';
import { mutationDefs, type MutationArgs } from '@shared/mutations/definitions';
import { adjustmentMovement, movementRow, openingMovement, type Movement } from '@shared/mutations/items';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { quickItemFields } from '@shared/domain/quick-item';
import { toCents } from '@shared/domain/money';
import { toHundredths } from '@shared/domain/quantity';

/** The device's half of recordMovement (server/src/mutations/items/stock.ts): a ledger row and the stock moved by it. */
export async function recordMovementLocally(tx: LocalTx, movement: Movement): Promise<void> {
  const item = await tx.get('items', movement.itemId);
  if (!item) return; // not on this device: the server decides
  await tx.put('stockMovements', movementRow(movement, tx.mutationId, tx.author, tx.occurred));
  await tx.patch('items', movement.itemId, { stockHundredths: Number(item.stockHundredths ?? 0) + movement.quantityHundredths });
}

/**
 * A new item stored at its opening stock beside its opening movement, as the server stores it
 * (server/src/mutations/items/create-item.ts): two writes, where storing it at 0 and then moving it
 * was five (issue 43: an import writes 50,000 items), and the stock is still its movements' sum.
 */
export async function createItem(tx: LocalTx, args: MutationArgs<'createItem'>): Promise<void> {
  const opening = openingMovement(args);
  await tx.put('items', { ...fieldsFromArgs('items', args), id: args.id, stockHundredths: opening?.quantityHundredths ?? 0 });
  if (opening) await tx.put('stockMovements', movementRow(opening, tx.mutationId, tx.author, tx.occurred));
}

export async function quickCreateItem(tx: LocalTx, args: MutationArgs<'quickCreateItem'>): Promise<void> {
  const categories = (await tx.db.categories.toArray()).map(({ id, name }) => ({ id, name }));
  await tx.put('items', { ...quickItemFields(args.itemName, toCents(args.unitPrice), categories), id: args.id });
}

export async function adjustStock(tx: LocalTx, args: MutationArgs<'adjustStock'>): Promise<void> {
  await recordMovementLocally(tx, adjustmentMovement(args));
}

const updateCatalogFields = applyEntityLocally(mutationDefs.updateItem);

export async function putItem(tx: LocalTx, args: MutationArgs<'putItem'>): Promise<void> {
  const { stockQuantity, movementId, ...catalog } = args;
  await updateCatalogFields(tx, catalog);
  const item = await tx.get('items', args.id);
  if (stockQuantity === undefined || !item) return;
  const delta = toHundredths(stockQuantity) - Number(item.stockHundredths ?? 0);
  if (delta !== 0) await recordMovementLocally(tx, { id: movementId, itemId: args.id, quantityHundredths: delta, reason: 'adjustment', source: 'api' });
}
