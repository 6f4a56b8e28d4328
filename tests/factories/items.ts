// Test factories for items (see customers.ts for why they live here).
import { randomUUID } from 'node:crypto';

type Json = Record<string, unknown>;

/**
 * POST /api/items's body for a new item in `category` (id null: the server gives it): an oil filter
 * at 1,250.50 with 10 in stock, reorder level 3, a barcode of its own.
 */
export const itemBody = <T extends Json>(category: string, overrides: T = {} as T) => ({
  id: null,
  itemName: 'Oil Filter',
  barcode: `BC-${randomUUID().slice(0, 8)}`,
  unitPrice: 1250.5,
  costPrice: 900,
  stockQuantity: 10,
  reorderLevel: 3,
  description: 'Spin-on filter',
  category,
  ...overrides,
});
