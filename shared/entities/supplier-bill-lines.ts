import type { SupplierBillLineRow } from '../schemas/supplier-bill';
import { defineEntity } from './define-entity';

/** A bill's lines (issue 44): by bill, and by delivery line (what of it is billed already). */
export const supplierBillLinesEntity = defineEntity<SupplierBillLineRow>()({
  name: 'supplierBillLines',
  sqlName: 'supplier_bill_lines',
  priority: false,
  fields: {},
  deviceIndexes: 'id, billId, receiptId, receiptLineId',
});
