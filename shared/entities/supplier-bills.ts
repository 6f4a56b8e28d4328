import type { SupplierBillRow } from '../schemas/supplier-bill';
import { defineEntity } from './define-entity';

/** Suppliers' bills (issue 44, point 6): written only by enterSupplierBill. Costs: no Staff device holds them. */
export const supplierBillsEntity = defineEntity<SupplierBillRow>()({
  name: 'supplierBills',
  sqlName: 'supplier_bills',
  priority: false,
  fields: {},
  // By supplier (what is owed to each, oldest bill first) and by bill date (aging, purchases by period).
  deviceIndexes: 'id, supplierId, billDate, [supplierId+billNo]',
});
