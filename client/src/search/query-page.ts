import type { Table } from 'dexie';
import { searchTokens } from '@shared/domain/search-words';
import { sortKeyOf } from './entries';
import { strategies, type PageSearch } from './strategies';
import { tableIndex } from './table-index';
import { noteQuickQuery } from './snapshot';
import type { PagedResult, PageQuery, SearchRow } from './types';

/**
 * One page of a table, optionally searched (every typed word must start a word of the row's
 * `searchWords`), sorted by its `sortKey`. Answered from the table's in-memory index when it is
 * ready, otherwise from Dexie indexes (search/strategies.ts); nothing loads the whole table on the way.
 */
export async function queryPage<T extends SearchRow>(table: Table<T, string>, options: PageQuery): Promise<PagedResult<T>> {
  // A read of the whole table's range, issued before anything is awaited: a live query then re-runs
  // on any change of the table. The index answers without reading the rows a change might add, and
  // Dexie stops tracking reads made after awaiting a promise that is not its own.
  const watched = table.limit(1).toArray();
  if (options.rowsOnly) noteQuickQuery();
  const search: PageSearch<T> = {
    table,
    index: tableIndex(table),
    tokens: [...searchTokens(options.search), ...(options.filter ?? [])],
    offset: Math.max(0, (options.page - 1) * options.pageSize),
    pageSize: options.pageSize,
    rowsOnly: options.rowsOnly === true,
    keys: null,
    keyRange: options.keyRange ?? null,
  };
  for (const strategy of strategies) {
    if (!strategy.when(search)) continue;
    const page = await strategy.read(search);
    if (!page) continue;
    await watched;
    return { ...page, page: options.page };
  }
  throw new Error('queryPage: no strategy answered'); // the last one always does
}

/** Builds the in-memory index of a table now (queries start it by themselves), e.g. before timing. */
export function warmSearchIndex<T extends SearchRow>(table: Table<T, string>): Promise<void> {
  return tableIndex(table).warm();
}

/**
 * Where a row stands in the list's order (`sortKey`, ties by id: the index's order), counted in
 * IndexedDB's own index; null when the row is not there. A saved record's page is found with it.
 */
export async function positionInSortOrder<T extends SearchRow>(table: Table<T, string>, id: string): Promise<number | null> {
  const row = await table.get(id);
  if (!row) return null;
  const key = sortKeyOf(row);
  const before = await table.where('sortKey').below(key).count();
  const ties = (await table.where('sortKey').equals(key).primaryKeys()).filter((other) => other < id).length;
  return before + ties;
}
