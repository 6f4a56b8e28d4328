import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { toHundredths } from '@shared/domain/quantity';
import { belowReorderView, lowStockThreshold, type LowStockLine, type LowStockView } from '@shared/reports/low-stock';
import { readBelowReorderItems, readLowStockItems } from './read-low-stock-items';

export type LowStockResult = { rows: LowStockLine[]; error?: undefined } | { rows?: undefined; error: string };

/**
 * The view's items on this device, live: a sale, a count or a pull that moves an item's stock
 * across the threshold (or its reorder level) changes the list at once. undefined while the first
 * read runs.
 */
export function useLowStockItems(view: LowStockView, threshold = lowStockThreshold): LowStockResult | undefined {
  return useLiveQuery(
    () =>
      (view === belowReorderView ? readBelowReorderItems(db) : readLowStockItems(db, toHundredths(threshold))).then(
        (rows): LowStockResult => ({ rows }),
        (error: unknown): LowStockResult => {
          console.error('Low stock items', error);
          return { error: 'Failed to load low stock items' };
        },
      ),
    [view, threshold],
  );
}
