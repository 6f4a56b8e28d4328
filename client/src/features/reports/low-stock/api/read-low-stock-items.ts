import type { GarageDb } from '@/db/db';
import { compareLowStock, type LowStockLine } from '@shared/reports/low-stock';

/**
 * The device's low stock items: read through the `stockHundredths` index (the few below the
 * threshold, not all 50,000 items), with their categories' names, in the report's order.
 */
export async function readLowStockItems(db: GarageDb, belowHundredths: number): Promise<LowStockLine[]> {
  const items = db.items;
  const low = (await items.where('stockHundredths').below(belowHundredths).toArray()).filter((item) => !item.deleted);
  const categoryIds = [...new Set(low.flatMap((item) => (item.categoryId ? [item.categoryId] : [])))];
  const categories = await db.categories.bulkGet(categoryIds);
  const names = new Map(categories.flatMap((category) => (category && !category.deleted ? [[category.id, category.name] as const] : [])));
  return low
    .map((item) => ({
      id: item.id,
      barcode: item.barcode,
      itemName: item.itemName,
      categoryName: (item.categoryId && names.get(item.categoryId)) || null,
      stockHundredths: item.stockHundredths,
      reorderLevel: item.reorderLevel,
      unitPriceCents: item.unitPriceCents,
    }))
    .sort(compareLowStock);
}
