import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { readPurchases } from './read-purchases';

/** Purchases by supplier from the device's own deliveries (offline too), live. undefined while loading. */
export function usePurchasesReport(from: string, to: string) {
  return useLiveQuery(() => readPurchases(db, from, to), [from, to]);
}
