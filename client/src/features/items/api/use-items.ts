import { db } from '@/db/instance';
import type { PagedResult } from '@/search';
import { useDownloadAwareSearch } from '@/lib/use-download-search';
import type { ItemRow } from '@shared/schemas/item';

const items = db.items;

/** One page of items by name, searched by words of the name or barcode (spec 2.9); the server answers while a new device downloads them. */
export function useItems(search: string, page: number, pageSize: number): PagedResult<ItemRow> | undefined {
  return useDownloadAwareSearch('items', items, { search, page, pageSize });
}
