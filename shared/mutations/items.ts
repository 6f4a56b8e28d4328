import { defineMutation } from './define';
import { createItemSchema, putItemSchema, quickCreateItemSchema } from '../schemas/item';
import { adjustStockSchema } from '../schemas/stock';

/** The opening movement of an item: one per item, so its id follows from the item's. */
export const openingMovementId = (itemId: string) => `${itemId}/opening`;

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
