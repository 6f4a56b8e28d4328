import type { GoodsReceiptRow } from '../schemas/receipt';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';

/** Deliveries received against purchase orders (issue 44): facts, written only by receiveGoods. */
export const goodsReceiptsEntity = defineEntity<GoodsReceiptRow>()({
  name: 'goodsReceipts',
  sqlName: 'goods_receipts',
  priority: false,
  fields: {},
  sortKey: (row) => newestFirst(String(row.createdAt || '')),
  // By order (an order's deliveries), those raised for review, and by when they came (Purchases by supplier).
  deviceIndexes: 'id, orderId, supplierId, sortKey, reviewState, createdAt',
});
