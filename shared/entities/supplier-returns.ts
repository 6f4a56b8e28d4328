import type { SupplierReturnRow } from '../schemas/supplier-return';
import { defineEntity } from './define-entity';

/** Parts sent back to suppliers (issue 44, point 7): facts, written only by returnToSupplier. */
export const supplierReturnsEntity = defineEntity<SupplierReturnRow>()({
  name: 'supplierReturns',
  sqlName: 'supplier_returns',
  priority: false,
  fields: {},
  // By delivery (its page lists what went back), by supplier (its credit), raised for review, by when.
  deviceIndexes: 'id, receiptId, supplierId, reviewState, createdAt',
});
