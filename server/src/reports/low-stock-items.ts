import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { categories, items } from '../db/schema';
import type { SyncedRow } from '../../../shared/sync/tables';
import type { LowStockLine } from '../../../shared/reports/low-stock';

export interface LowStockRow {
  item: SyncedRow;
  categoryName: string | null;
}

/**
 * Live items with stock below the threshold (in hundredths), read through the `items_stock` index,
 * emptiest first, then by name (`lower()`, as on PostgreSQL), then by id: compareLowStock's order.
 */
export function lowStockItems(db: Db, belowHundredths: number): LowStockRow[] {
  return db
    .select({ item: items, categoryName: categories.name })
    .from(items)
    .leftJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.deleted, false)))
    .where(and(lt(items.stockHundredths, belowHundredths), eq(items.deleted, false)))
    .orderBy(asc(items.stockHundredths), sql`lower(${items.itemName})`, asc(items.id))
    .all()
    .map(({ item, categoryName }) => ({ item: item as SyncedRow, categoryName }));
}

export function toLowStockLine({ item, categoryName }: LowStockRow): LowStockLine {
  return {
    id: item.id as string,
    barcode: item.barcode as string,
    itemName: item.itemName as string,
    categoryName,
    stockHundredths: item.stockHundredths as number,
    reorderLevel: item.reorderLevel as number,
    unitPriceCents: item.unitPriceCents as number,
  };
}
