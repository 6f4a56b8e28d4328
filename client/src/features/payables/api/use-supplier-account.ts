import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { readSupplierAccount, type SupplierAccount } from './read-supplier-account';

/** One supplier's account, live. undefined while the first read runs. */
export function useSupplierAccount(supplierId: string): SupplierAccount | undefined {
  return useLiveQuery(() => readSupplierAccount(db, supplierId), [supplierId]);
}
