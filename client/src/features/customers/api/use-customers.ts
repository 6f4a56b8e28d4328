import { db } from '@/db/instance';
import type { PagedResult } from '@/search';
import { useDownloadAwareSearch } from '@/lib/use-download-search';
import type { CustomerRow } from './customer-row';

const customers = db.customers;

/** One page of customers by name, searched by words of name, contact person, email or phone (spec 2.6); the server answers while a new device downloads them. */
export function useCustomers(search: string, page: number, pageSize: number): PagedResult<CustomerRow> | undefined {
  return useDownloadAwareSearch('customers', customers, { search, page, pageSize });
}

/**
 * How many customers there are, for the heading: the list's unsearched total, so that while a new
 * device downloads them it is the server's (as the list is), not the part that has arrived.
 */
export function useCustomerCount(): number | undefined {
  return useDownloadAwareSearch('customers', customers, { search: '', page: 1, pageSize: 1 })?.total;
}
