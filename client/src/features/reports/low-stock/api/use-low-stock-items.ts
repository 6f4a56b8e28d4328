import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { toHundredths } from '@shared/domain/quantity';
import { lowStockThreshold, type LowStockLine } from '@shared/reports/low-stock';
import { readLowStockItems } from './read-low-stock-items';

export type LowStockResult = { rows: LowStockLine[]; error?: undefined } | { rows?: undefined; error: string };

/**
 * The low stock items on this device, live: a sale, a count or a pull that moves an item's stock
 * across the threshold changes the list at once. undefined while the first read runs.
 */
export function useLowStockItems(threshold = lowStockThreshold): LowStockResult | undefined {
  return useLiveQuery(
    () =>
      readLowStockItems(db, toHundredths(threshold)).then(
        (rows): LowStockResult => ({ rows }),
        (error: unknown): LowStockResult => {
          console.error('Low stock items', error);
          return { error: 'Failed to load low stock items' };
        },
      ),
    [threshold],
  );
}
