import { useLiveQuery } from 'dexie-react-hooks';
import { loadPurchaseOrder, type LoadedOrder } from './load-purchase-order';

/** The order as this device holds it, live: undefined while read, null when not held. */
export function usePurchaseOrder(id: string): LoadedOrder | null | undefined {
  return useLiveQuery(() => (id === 'new' ? Promise.resolve(null) : loadPurchaseOrder(id)), [id]);
}
