import { db } from '@/db/instance';
import { receiptLabels, type ShelfLabel } from '@shared/domain/labels';
import type { ItemRow } from '@shared/schemas/item';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';

export interface ReceiptLabels {
  receipt: GoodsReceiptRow;
  labels: ShelfLabel[];
}

/**
 * A delivery's shelf labels from this device (so they print offline): its lines in their order, each
 * with the part's name, barcode and selling price as the catalogue holds them now (a price changed
 * since is the one the shelf should show). A part not on record keeps the line's name and barcode and
 * has no price. Null when the delivery is not on this device.
 */
export async function loadReceiptLabels(receiptId: string): Promise<ReceiptLabels | null> {
  const receipt = (await db.goodsReceipts.get(receiptId)) as GoodsReceiptRow | undefined;
  if (!receipt || receipt.deleted) return null;
  const lines = ((await db.goodsReceiptLines.where('receiptId').equals(receiptId).toArray()) as GoodsReceiptLineRow[])
    .filter((line) => !line.deleted)
    .sort((a, b) => a.position - b.position);
  const items = (await db.items.bulkGet(lines.map((line) => line.itemId))) as (ItemRow | undefined)[];
  const labels = receiptLabels(
    lines.map((line, index) => {
      const item = items[index] && !items[index].deleted ? items[index] : undefined;
      return {
        itemName: item?.itemName || line.itemName,
        barcode: item?.barcode || line.barcode,
        quantityHundredths: line.quantityHundredths,
        unitPriceCents: item ? item.unitPriceCents : null,
      };
    }),
  );
  return { receipt, labels };
}
