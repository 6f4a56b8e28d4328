import { db } from '@/db/instance';
import { usePagedSearch, type PagedResult } from '@/search';
import type { SupplierRow } from '@shared/schemas/supplier';

/** One page of suppliers by name, searched by words of name, contact person and email, and by a phone's last digits (as customers are). */
export function useSuppliers(search: string, page: number, pageSize: number): PagedResult<SupplierRow> | undefined {
  return usePagedSearch(db.suppliers, { search, page, pageSize });
}
