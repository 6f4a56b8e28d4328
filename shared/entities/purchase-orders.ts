import type { PurchaseOrderRow } from '../schemas/purchase-order';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

/** Purchase orders (issue 44): written only by their operations (shared/mutations/purchase-orders.ts). */
export const purchaseOrdersEntity = defineEntity<PurchaseOrderRow>()({
  name: 'purchaseOrders',
  sqlName: 'purchase_orders',
  priority: false,
  fields: {},
  // Found by number (and its digits: '42' finds PO-D7K2Q-00042) and by supplier, newest first.
  search: { words: (row) => [row.orderNo, row.supplierName], digits: (row) => [row.orderNo] },
  sortKey: (row) => newestFirst(String(row.createdAt || '')),
  // status: the open orders (Order from low stock counts what is still to come of them).
  deviceIndexes: 'id, &orderNo, supplierId, status, *searchWords, sortKey',
});
