import type { GarageDb } from '@/db/db';
import type { GoodsReceiptRow } from '@shared/schemas/receipt';
import type { SupplierRow } from '@shared/schemas/supplier';
import { purchasesReport, type PurchasesReport } from '@shared/reports/purchases-report';
import { dayAfter, dayStart } from '@/features/reports/frame/day-bounds';

/**
 * The period's deliveries on this device, by supplier: read through the receipts' createdAt index
 * (when each was received, ISO, so the shop's days are a plain text range), so a month of 20,000
 * orders reads that month's receipts only. A supplier is named as it is now, or by the receipt's
 * copy once it is gone.
 */
export async function readPurchases(db: GarageDb, from: string, to: string): Promise<PurchasesReport> {
  if (!from || !to || from > to) return purchasesReport([]);
  const receipts = ((await db.goodsReceipts.where('createdAt').between(dayStart(from), dayAfter(to), true, false).toArray()) as GoodsReceiptRow[]).filter((row) => !row.deleted);
  const supplierIds = [...new Set(receipts.map((receipt) => receipt.supplierId))];
  const suppliers = (await db.suppliers.bulkGet(supplierIds)) as (SupplierRow | undefined)[];
  const names = new Map(suppliers.flatMap((supplier) => (supplier && !supplier.deleted ? [[supplier.id, supplier.name] as const] : [])));
  return purchasesReport(
    receipts.map((receipt) => ({
      supplierId: receipt.supplierId,
      supplierName: names.get(receipt.supplierId) ?? receipt.supplierName,
      ...(receipt.totalCents !== undefined ? { totalCents: receipt.totalCents } : {}),
    })),
  );
}
