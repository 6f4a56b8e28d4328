import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';

export interface SupplierName {
  id: string;
  name: string;
}

/**
 * Every supplier's id and name in name order, for the pickers (the item's usual supplier, a new
 * order's supplier): read along the sort index, only the two fields kept (5,000 suppliers are a
 * few hundred kilobytes).
 */
export function useSupplierNames(): SupplierName[] | undefined {
  return useLiveQuery(async () => (await db.suppliers.orderBy('sortKey').toArray()).map(({ id, name }) => ({ id, name })), []);
}
