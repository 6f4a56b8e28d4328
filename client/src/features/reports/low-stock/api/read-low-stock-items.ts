import type { GarageDb } from '@/db/db';
import type { ItemRow } from '@shared/schemas/item';
import { compareLowStock, type LowStockLine } from '@shared/reports/low-stock';

/**
 * The device's low stock items: read through the `stockHundredths` index (the few below the
 * threshold, not all 50,000 items), with their categories' names, in the report's order.
 */
export async function readLowStockItems(db: GarageDb, belowHundredths: number): Promise<LowStockLine[]> {
  return linesOf(db, await db.items.where('stockHundredths').below(belowHundredths).toArray());
}

/**
 * The items below their reorder level (or below zero): read through `needsStock`, the index the
 * bell counts by (shared/entities/items.ts), so the view lists exactly what the bell names.
 */
export async function readBelowReorderItems(db: GarageDb): Promise<LowStockLine[]> {
  return linesOf(db, await db.items.where('needsStock').anyOf(1, 2).toArray());
}

async function linesOf(db: GarageDb, items: ItemRow[]): Promise<LowStockLine[]> {
  const low = items.filter((item) => !item.deleted);
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
