import type { GarageDb } from '@/db/db';
import type { GoodsReceiptRow } from '@shared/schemas/receipt';
import type { SupplierRow } from '@shared/schemas/supplier';
import type { SupplierReturnRow } from '@shared/schemas/supplier-return';
import { purchasesReport, type PurchasesReport } from '@shared/reports/purchases-report';
import { dayAfter, dayStart } from '@/features/reports/frame/day-bounds';

/**
 * The period's deliveries on this device, by supplier, less the parts sent back to the supplier in
 * the period: read through the receipts' and the returns' createdAt indexes (when each happened, ISO,
 * so the shop's days are a plain text range), so a month of 20,000 orders reads that month's receipts
 * only. A supplier is named as it is now, or by the record's copy once it is gone.
 */
export async function readPurchases(db: GarageDb, from: string, to: string): Promise<PurchasesReport> {
  if (!from || !to || from > to) return purchasesReport([]);
  const [receipts, returns] = await Promise.all([
    db.goodsReceipts.where('createdAt').between(dayStart(from), dayAfter(to), true, false).toArray() as Promise<GoodsReceiptRow[]>,
    db.supplierReturns.where('createdAt').between(dayStart(from), dayAfter(to), true, false).toArray() as Promise<SupplierReturnRow[]>,
  ]).then(([received, sent]) => [received.filter((row) => !row.deleted), sent.filter((row) => !row.deleted)] as const);
  const supplierIds = [...new Set([...receipts, ...returns].map((record) => record.supplierId))];
  const suppliers = (await db.suppliers.bulkGet(supplierIds)) as (SupplierRow | undefined)[];
  const names = new Map(suppliers.flatMap((supplier) => (supplier && !supplier.deleted ? [[supplier.id, supplier.name] as const] : [])));
  const asReported = (record: { supplierId: string; supplierName: string; totalCents?: number }) => ({
    supplierId: record.supplierId,
    supplierName: names.get(record.supplierId) ?? record.supplierName,
    ...(record.totalCents !== undefined ? { totalCents: record.totalCents } : {}),
  });
  return purchasesReport(receipts.map(asReported), returns.map(asReported));
}
