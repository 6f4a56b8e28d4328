import type { Table } from 'dexie';
import { matchesTokens } from '@shared/domain/search-words';
import { compareEntries, scanOrder, sortKeyOf, wordsOf } from './entries';
import type { TableIndex } from './table-index';
import { filterReadLimit, shallowPageRead, sortInMemoryLimit, wordRowsLimit } from './tuning';
import type { PagedResult, SearchRow } from './types';

// Pages read from IndexedDB's own indexes while the in-memory index is not ready
// (search/strategies.ts says when each is used).

export const hasWordsIndex = (table: Table) => !!table.schema.idxByName.searchWords;

/** Rows sorted here in the index's order (sortKey, ties by id). */
function sortedRows<T extends SearchRow>(rows: T[]): T[] {
  const sorted = rows.map((row) => ({ row, entry: { id: row.id, key: sortKeyOf(row), words: '' } }));
  sorted.sort((a, b) => compareEntries(a.entry, b.entry));
  return sorted.map((each) => each.row);
}

/** No search, no in-memory index yet: count (once until a change), then walk the sort index from the nearer end. */
export async function pageFromIndexedDb<T extends SearchRow>(table: Table<T, string>, index: TableIndex<T>, offset: number, pageSize: number): Promise<PagedResult<T>> {
  const total = await index.countAll();
  if (offset > 0 && offset >= total / 2) {
    const end = Math.min(total, offset + pageSize);
    const rows = await table
      .orderBy('sortKey')
      .reverse()
      .offset(total - end)
      .limit(Math.max(0, end - offset))
      .toArray();
    return { rows: rows.reverse(), total };
  }
  if (offset + pageSize <= shallowPageRead) {
    // One read of the first rows, the earlier pages' dropped: an offset makes Dexie walk a cursor, one
    // IndexedDB request a row, each queued behind the index build's reads.
    return {
      rows: (
        await table
          .orderBy('sortKey')
          .limit(offset + pageSize)
          .toArray()
      ).slice(offset),
      total,
    };
  }
  return { rows: await table.orderBy('sortKey').offset(offset).limit(pageSize).toArray(), total };
}

/**
 * A page of the rows carrying one filter word, without the in-memory index (the first Finished Jobs
 * page of a freshly loaded app waited seconds for the index of 100,000 jobs): how many from the
 * `searchWords` index (counted once until the table changes), the rows as pageAlongSortIndex reads
 * them. Null when the word is rare (the keys are then few: searchKeys) or the page lies deeper.
 */
export async function filteredPage<T extends SearchRow>(
  table: Table<T, string>,
  index: TableIndex<T>,
  word: string,
  offset: number,
  pageSize: number,
): Promise<PagedResult<T> | null> {
  const total = await index.countOf(word);
  if (total <= sortInMemoryLimit) return null;
  return pageAlongSortIndex(table, (row) => wordsOf(row).includes(word), total, offset, pageSize);
}

/**
 * A page of the `total` rows that `has` keeps, in sort order, without the in-memory index: whole
 * reads of the sort index's first or last rows (not a cursor: each of its steps would wait behind
 * the index build's reads), twice as many each time until the page is full. Null when the page lies
 * deeper than the reads go.
 */
export async function pageAlongSortIndex<T extends SearchRow>(
  table: Table<T, string>,
  has: (row: T) => boolean,
  total: number,
  offset: number,
  pageSize: number,
): Promise<PagedResult<T> | null> {
  const end = Math.min(total, offset + pageSize);
  const fromEnd = offset > total - end; // nearer the end: read backwards
  const needed = fromEnd ? total - offset : end;
  for (let read = Math.max(2 * needed, 50); read <= filterReadLimit * 2; read *= 2) {
    const ordered = fromEnd ? table.orderBy('sortKey').reverse() : table.orderBy('sortKey');
    const rows = await ordered.limit(read).toArray();
    const matching = rows.filter(has);
    if (matching.length < needed && rows.length === read) continue; // too few in this many rows: read more
    if (!fromEnd) return { rows: matching.slice(offset, end), total };
    return { rows: matching.slice(total - end, total - offset).reverse(), total };
  }
  return null;
}

/**
 * While the index is being built (about 3 s at 100,000 job cards): when the longest typed word starts
 * at most `wordRowsLimit` entries of the `searchWords` index, their rows are read in one request of
 * that index (IndexedDB's getAll), checked for the other words, and sorted here. Null when the word
 * starts more. The matches' order is kept until the table changes, so the next pages read only their
 * own rows.
 */
export async function pageOfWordRows<T extends SearchRow>(
  table: Table<T, string>,
  index: TableIndex<T>,
  tokens: string[],
  offset: number,
  pageSize: number,
): Promise<PagedResult<T> | null> {
  const words = scanOrder(tokens);
  const listKey = words.join(' ');
  // The next pages of the same search: only their rows (Job History's Next, Prev while the index builds).
  const known = index.matchList(listKey);
  if (known) {
    const ids = known.slice(offset, offset + pageSize);
    const rows = (await table.bulkGet(ids)).filter((row): row is T => !!row);
    if (rows.length === ids.length) return { rows, total: known.length };
  }
  const since = index.matchListsNow();
  const first = words[0]!;
  const rows = await table
    .where('searchWords')
    .startsWith(first)
    .limit(wordRowsLimit + 1)
    .toArray();
  if (rows.length > wordRowsLimit) return null;
  // A row comes once for each of its words that starts with `first` (a multi-entry index).
  const seen = new Set<string>();
  const matched: T[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    if (Array.isArray(row.searchWords) && matchesTokens(row.searchWords, tokens)) matched.push(row);
  }
  const sorted = sortedRows(matched);
  index.keepMatchList(
    listKey,
    sorted.map((row) => row.id),
    since,
  );
  return { rows: sorted.slice(offset, offset + pageSize), total: sorted.length };
}

/** Search without the in-memory index: intersect each word's prefix keys in the `searchWords` index. */
export async function searchKeys<T extends SearchRow>(table: Table<T, string>, tokens: string[]): Promise<Set<string>> {
  if (!hasWordsIndex(table)) {
    // A memory-searched table whose index could not be built (changing wholesale all the while): read every row.
    const matches = (row: T) => Array.isArray(row.searchWords) && matchesTokens(row.searchWords, tokens);
    return new Set(await table.filter(matches).primaryKeys());
  }
  // Longest word first: it matches the fewest rows, so the intersection stays small.
  const [first, ...rest] = scanOrder(tokens);
  let found = new Set(await table.where('searchWords').startsWith(first!).primaryKeys());
  for (const token of rest) {
    if (found.size === 0) break;
    const keys = await table.where('searchWords').startsWith(token).primaryKeys();
    const previous = found;
    found = new Set(keys.filter((key) => previous.has(key)));
  }
  return found;
}

/** One page of the rows with these keys, in `sortKey` order, read from IndexedDB. */
export async function pageOfKeys<T extends SearchRow>(table: Table<T, string>, found: Set<string>, offset: number, pageSize: number): Promise<PagedResult<T>> {
  if (found.size <= sortInMemoryLimit) return sortedPageOfKeys(table, found, offset, pageSize);
  const rows = await table
    .orderBy('sortKey')
    .filter((row) => found.has(row.id))
    .offset(offset)
    .limit(pageSize)
    .toArray();
  return { rows, total: found.size };
}

/** One page of the rows with these keys: every one read by key, sorted here in the index's order. */
export async function sortedPageOfKeys<T extends SearchRow>(table: Table<T, string>, found: Set<string>, offset: number, pageSize: number): Promise<PagedResult<T>> {
  const rows = (await table.bulkGet([...found])).filter((row): row is T => !!row);
  return { rows: sortedRows(rows).slice(offset, offset + pageSize), total: found.size };
}
