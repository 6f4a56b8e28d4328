import type { GarageDb } from '@/db/db';
import { stockValueReport, type StockValueReport } from '@shared/reports/stock-value';

/**
 * The items with stock on this device at their average cost: read through the `stockHundredths`
 * index (those above zero only, not the out-of-stock ones), with their categories' names.
 */
export async function readStockValue(db: GarageDb): Promise<StockValueReport> {
  const items = (await db.items.where('stockHundredths').above(0).toArray()).filter((item) => !item.deleted && !item.isService);
  const categoryIds = [...new Set(items.flatMap((item) => (item.categoryId ? [item.categoryId] : [])))];
  const categories = await db.categories.bulkGet(categoryIds);
  const names = new Map(categories.flatMap((category) => (category && !category.deleted ? [[category.id, category.name] as const] : [])));
  return stockValueReport(
    items.map((item) => ({
      id: item.id,
      itemName: item.itemName,
      barcode: item.barcode,
      categoryName: (item.categoryId && names.get(item.categoryId)) || null,
      stockHundredths: item.stockHundredths,
      ...(item.costPriceCents !== undefined ? { costPriceCents: item.costPriceCents } : {}),
    })),
  );
}
