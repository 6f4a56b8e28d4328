import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/instance';
import { usePagedSearch, type PagedResult } from '../../../lib/use-paged-search';
import type { CustomerRow } from './customer-row';

const customers = db.customers as unknown as Table<CustomerRow, string>;

/** One page of customers by name, searched by words of name, contact person, email or phone (spec 2.6). */
export function useCustomers(search: string, page: number, pageSize: number): PagedResult<CustomerRow> | undefined {
  return usePagedSearch(customers, { search, page, pageSize });
}

/** How many customers this device holds, for the heading. */
export function useCustomerCount(): number | undefined {
  return useLiveQuery(() => db.customers.count(), []);
}
