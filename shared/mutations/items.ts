import { z } from 'zod';
import { defineMutation } from './define';
import { createItemSchema, putItemSchema, quickCreateItemSchema } from '../schemas/item';
import { adjustStockSchema, type MovementReason, type StockMovementRow } from '../schemas/stock';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { toHundredths } from '../domain/quantity';

/** The opening movement of an item: one per item, so its id follows from the item's. */
export const openingMovementId = (itemId: string) => `${itemId}/opening`;

/** A stock movement as both sides' recordMovement take it (the ledger row adds who, when and which mutation). */
export interface Movement {
  id: string;
  itemId: string;
  quantityHundredths: number;
  reason: MovementReason;
  source: string;
  note?: string;
}

/** A movement's ledger row, built once for both sides' apply; each side's write adds the sync fields. */
export function movementRow(movement: Movement, mutationId: string, author: { id: string }, when: Occurred): Omit<StockMovementRow, 'version' | 'deleted' | 'updatedAt'> {
  return { note: '', ...movement, mutationId, userId: author.id, createdAt: when.at, ...factTimesOf(when) };
}

/** The one movement an adjustStock records. */
export function adjustmentMovement(args: z.output<typeof adjustStockSchema>): Movement {
  return { id: args.id, itemId: args.itemId, quantityHundredths: toHundredths(args.quantity), reason: args.reason, source: 'item-form', note: args.note };
}

/** A new item's opening movement, or null when it opens at 0. */
export function openingMovement(args: { id: string; stockQuantity: number }): Movement | null {
  const quantityHundredths = toHundredths(args.stockQuantity);
  return quantityHundredths === 0 ? null : { id: openingMovementId(args.id), itemId: args.id, quantityHundredths, reason: 'opening', source: 'item-form' };
}

/** A new item and its opening stock as one movement (one version for both rows). */
export const createItem = defineMutation({
  name: 'createItem',
  schema: createItemSchema,
  permission: 'editCatalog',
  touches: (args) => [
    { table: 'items', id: args.id },
    { table: 'stockMovements', id: openingMovementId(args.id) },
  ],
});

/** The job card's 'Create & Add': name and price only; the server sets the rest. */
export const quickCreateItem = defineMutation({
  name: 'quickCreateItem',
  schema: quickCreateItemSchema,
  permission: 'quickAddItem',
  touches: (args) => [{ table: 'items', id: args.id }],
});

/** A count or a delivery: one signed movement, and the item's stock moves by it. */
export const adjustStock = defineMutation({
  name: 'adjustStock',
  schema: adjustStockSchema,
  permission: 'editCatalog',
  touches: (args) => [
    { table: 'items', id: args.itemId },
    { table: 'stockMovements', id: args.id },
  ],
});

/** The spec's PUT /api/items/{id}: catalogue fields, and the stock as a target reached by an adjustment. */
export const putItem = defineMutation({
  name: 'putItem',
  schema: putItemSchema,
  permission: 'editCatalog',
  touches: (args) => [
    { table: 'items', id: args.id },
    { table: 'stockMovements', id: args.movementId },
  ],
});
