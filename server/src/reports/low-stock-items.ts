import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { categories, items } from '../db/schema';
import type { SyncedRow } from '@shared/sync/tables';
import type { LowStockLine } from '@shared/reports/low-stock';

export interface LowStockRow {
  item: SyncedRow;
  categoryName: string | null;
}

/**
 * The most rows the low stock list and its PDF hold (issue 24, point 1): a threshold of a million
 * named all 50,000 items and took 5 s of the server's one thread. The emptiest come first, so the
 * rows left out are the fullest; a shop with more than this below its threshold has a threshold
 * that no longer means low.
 */
export const maxLowStockRows = 2000;

/**
 * Live items with stock below the threshold (in hundredths), read through the `items_stock` index,
 * emptiest first, then by name (`lower()`, as on PostgreSQL), then by id: compareLowStock's order.
 */
export async function lowStockItems(db: Db, belowHundredths: number): Promise<LowStockRow[]> {
  return listed(db, lt(items.stockHundredths, belowHundredths));
}

/**
 * Live items below their own reorder level (stock below zero included): isBelowReorderLevel
 * (shared/domain/attention.ts) in SQL, the rule the bell counts by. No index serves a comparison of
 * two columns, so it reads the items table through (a few milliseconds at 50,000 items).
 */
export async function belowReorderItems(db: Db): Promise<LowStockRow[]> {
  return listed(db, sql`${items.stockHundredths} < ${items.reorderLevel} * 100`);
}

async function listed(db: Db, low: SQL): Promise<LowStockRow[]> {
  return (
    await db
      .select({ item: items, categoryName: categories.name })
      .from(items)
      .leftJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.deleted, false)))
      .where(and(low, eq(items.deleted, false)))
      .orderBy(asc(items.stockHundredths), sql`lower(${items.itemName})`, asc(items.id))
      .limit(maxLowStockRows)
      .all()
  ).map(({ item, categoryName }) => ({ item: item as SyncedRow, categoryName }));
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
