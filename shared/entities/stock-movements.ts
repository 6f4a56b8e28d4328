import type { StockMovementRow } from '../schemas/stock';
import { defineEntity } from './define-entity';

export const stockMovementsEntity = defineEntity<StockMovementRow>()({
  name: 'stockMovements',
  sqlName: 'stock_movements',
  priority: false,
  // The ledger is written only by the stock operations, never by a generic edit.
  fields: {},
  deviceIndexes: 'id, itemId',
});
