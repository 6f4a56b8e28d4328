import type { SupplierReturnLineRow } from '../schemas/supplier-return';
import { defineEntity } from './define-entity';

/** A return's lines (issue 44): by return, and by delivery line. */
export const supplierReturnLinesEntity = defineEntity<SupplierReturnLineRow>()({
  name: 'supplierReturnLines',
  sqlName: 'supplier_return_lines',
  priority: false,
  fields: {},
  deviceIndexes: 'id, returnId, receiptId, receiptLineId',
});
