import type { PurchaseOrderLineRow } from '../schemas/purchase-order';
import { defineEntity } from './define-entity';

/** A purchase order's lines (issue 44): read by order, and by item (what is on order for it). */
export const purchaseOrderLinesEntity = defineEntity<PurchaseOrderLineRow>()({
  name: 'purchaseOrderLines',
  sqlName: 'purchase_order_lines',
  priority: false,
  fields: {},
  deviceIndexes: 'id, orderId, itemId',
});
