import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';
import type { SupplierReturnLineRow, SupplierReturnRow } from '@shared/schemas/supplier-return';

/** Parts of a delivery sent back to the supplier, with its lines. */
export interface SupplierReturn {
  row: SupplierReturnRow;
  lines: SupplierReturnLineRow[];
}

export interface Delivery {
  receipt: GoodsReceiptRow;
  lines: GoodsReceiptLineRow[];
  /** What went back from it, oldest first (none on a device that reads no costs: the rows are costs). */
  returns: SupplierReturn[];
}

const byCreated = <Row extends { createdAt: string; id: string }>(a: Row, b: Row) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** An order's deliveries as this device holds them, oldest first, live (a pull or another tab's receipt shows at once). */
export function useDeliveries(orderId: string): Delivery[] | undefined {
  return useLiveQuery(async () => {
    const receipts = ((await db.goodsReceipts.where('orderId').equals(orderId).toArray()) as GoodsReceiptRow[]).filter((row) => !row.deleted);
    const lines = ((await db.goodsReceiptLines.where('orderId').equals(orderId).toArray()) as GoodsReceiptLineRow[]).filter((row) => !row.deleted);
    const ids = receipts.map((receipt) => receipt.id);
    const returns = ((await db.supplierReturns.where('receiptId').anyOf(ids).toArray()) as SupplierReturnRow[]).filter((row) => !row.deleted);
    const returnLines = ((await db.supplierReturnLines.where('receiptId').anyOf(ids).toArray()) as SupplierReturnLineRow[]).filter((row) => !row.deleted);
    return receipts.sort(byCreated).map((receipt) => ({
      receipt,
      lines: lines.filter((line) => line.receiptId === receipt.id).sort((a, b) => a.position - b.position),
      returns: returns
        .filter((row) => row.receiptId === receipt.id)
        .sort(byCreated)
        .map((row) => ({ row, lines: returnLines.filter((line) => line.returnId === row.id).sort((a, b) => a.position - b.position) })),
    }));
  }, [orderId]);
}
