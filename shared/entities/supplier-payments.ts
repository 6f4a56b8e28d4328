import type { SupplierPaymentRow } from '../schemas/supplier-bill';
import { defineEntity } from './define-entity';

/** Money paid to suppliers (issue 44, point 6): facts, written only by paySupplier. */
export const supplierPaymentsEntity = defineEntity<SupplierPaymentRow>()({
  name: 'supplierPayments',
  sqlName: 'supplier_payments',
  priority: false,
  fields: {},
  deviceIndexes: 'id, supplierId, billId, createdAt',
});
