import { db } from '@/db/instance';
import { usePagedSearch, type PagedResult } from '@/search';
import type { PurchaseOrderRow } from '@shared/schemas/purchase-order';

/** One page of orders, newest first, searched by number (or its digits) and supplier, through the in-memory index. */
export function usePurchaseOrders(search: string, page: number, pageSize: number): PagedResult<PurchaseOrderRow> | undefined {
  return usePagedSearch(db.purchaseOrders, { search, page, pageSize }) as PagedResult<PurchaseOrderRow> | undefined;
}
