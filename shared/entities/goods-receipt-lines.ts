import type { GoodsReceiptLineRow } from '../schemas/receipt';
import { defineEntity } from './define-entity';

/** A delivery's lines (issue 44): by delivery (its labels), by order and by item. */
export const goodsReceiptLinesEntity = defineEntity<GoodsReceiptLineRow>()({
  name: 'goodsReceiptLines',
  sqlName: 'goods_receipt_lines',
  priority: false,
  fields: {},
  deviceIndexes: 'id, receiptId, orderId, itemId',
});
