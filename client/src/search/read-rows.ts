import type { Table } from 'dexie';
import type { SearchRow } from './types';
import type { FoundPage } from './word-index';

/**
 * The rows of a page the in-memory index found, in its order. One IndexedDB request over the sort
 * index's range when the rows lie close together (a page without search, most search pages):
 * many single reads (bulkGet) cost far more than one read of a few more rows.
 */
export async function readRows<T extends SearchRow>(table: Table<T, string>, found: FoundPage): Promise<T[]> {
  const page = found.entries;
  if (page.length === 0) return [];
  const ids = page.map((entry) => entry.id);
  const first = page[0]!;
  const last = page[page.length - 1]!;
  if (found.span > Math.max(4 * ids.length, 200)) return (await table.bulkGet(ids)).filter((row): row is T => !!row);
  const byId = new Map<string, T>();
  for (const row of await table.where('sortKey').between(first.key, last.key, true, true).toArray()) byId.set(row.id, row);
  // A row changed since the index was patched (or without a sortKey) is outside the range: read it by id.
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    (await table.bulkGet(missing)).forEach((row) => row && byId.set(row.id, row));
  }
  return ids.map((id) => byId.get(id)).filter((row): row is T => !!row);
}
