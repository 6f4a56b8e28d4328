import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { StockValueReport } from '@shared/reports/stock-value';
import { readStockValue } from './read-stock-value';

export type StockValueResult = { report: StockValueReport; error?: undefined } | { report?: undefined; error: string };

/** The stock's value on this device, live (a sale or a delivery changes it at once). undefined while the first read runs. */
export function useStockValue(): StockValueResult | undefined {
  return useLiveQuery(
    () =>
      readStockValue(db).then(
        (report): StockValueResult => ({ report }),
        (error: unknown): StockValueResult => {
          console.error('Stock value', error);
          return { error: 'Failed to load the stock value' };
        },
      ),
    [],
  );
}
