import { useLiveQuery } from 'dexie-react-hooks';
import type { Table } from 'dexie';
import { searchTokens } from '../db/search-words';

export interface PagedResult<T> {
  rows: T[];
  total: number;
}

/** Rows come sorted by the table's lower-cased `sortKey` index (see db/search-words.ts). */
export interface PageQuery {
  search: string;
  page: number;
  pageSize: number;
}

// Below this many matches, sorting them in memory is cheaper than walking the sort index.
const sortInMemoryLimit = 2000;

/**
 * One page of a table, optionally searched, answered from Dexie indexes: the search intersects
 * the primary keys of each typed word's prefix in the `searchWords` index (keys only, no rows),
 * then reads just the rows of the page. Nothing loads the whole table into memory.
 */
export async function queryPage<T extends { id: string }>(
  table: Table<T, string>,
  options: PageQuery,
): Promise<PagedResult<T>> {
  const { page, pageSize } = options;
  const offset = (page - 1) * pageSize;
  const tokens = searchTokens(options.search);
  if (tokens.length === 0) {
    const [total, rows] = await Promise.all([table.count(), table.orderBy('sortKey').offset(offset).limit(pageSize).toArray()]);
    return { rows, total };
  }
  // Longest word first: it matches the fewest rows, so the intersection stays small.
  const [first, ...rest] = [...tokens].sort((a, b) => b.length - a.length);
  let found = new Set((await table.where('searchWords').startsWith(first!).primaryKeys()) as string[]);
  for (const token of rest) {
    if (found.size === 0) break;
    const keys = (await table.where('searchWords').startsWith(token).primaryKeys()) as string[];
    const previous = found;
    found = new Set(keys.filter((key) => previous.has(key)));
  }
  if (found.size <= sortInMemoryLimit) {
    const rows = (await table.bulkGet([...found])).filter((row): row is T => !!row);
    const key = (row: T) => String((row as { sortKey?: string }).sortKey ?? '');
    rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    return { rows: rows.slice(offset, offset + pageSize), total: found.size };
  }
  const rows = await table
    .orderBy('sortKey')
    .filter((row) => found.has(row.id))
    .offset(offset)
    .limit(pageSize)
    .toArray();
  return { rows, total: found.size };
}

/** queryPage as a live query: the page follows local writes and pulled changes. */
export function usePagedSearch<T extends { id: string }>(
  table: Table<T, string>,
  options: PageQuery,
): PagedResult<T> | undefined {
  return useLiveQuery(() => queryPage(table, options), [table, options.search, options.page, options.pageSize]);
}
