import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';

export interface Delivery {
  receipt: GoodsReceiptRow;
  lines: GoodsReceiptLineRow[];
}

/** An order's deliveries as this device holds them, oldest first, live (a pull or another tab's receipt shows at once). */
export function useDeliveries(orderId: string): Delivery[] | undefined {
  return useLiveQuery(async () => {
    const receipts = ((await db.goodsReceipts.where('orderId').equals(orderId).toArray()) as GoodsReceiptRow[]).filter((row) => !row.deleted);
    const lines = ((await db.goodsReceiptLines.where('orderId').equals(orderId).toArray()) as GoodsReceiptLineRow[]).filter((row) => !row.deleted);
    return receipts
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map((receipt) => ({ receipt, lines: lines.filter((line) => line.receiptId === receipt.id).sort((a, b) => a.position - b.position) }));
  }, [orderId]);
}
