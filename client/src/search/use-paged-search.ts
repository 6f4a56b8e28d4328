import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { queryPage } from './query-page';
import type { PagedResult, PageQuery, SearchRow } from './types';

/** queryPage as a live query: the page follows local writes and pulled changes. Not `enabled`: nothing is read (undefined). */
export function usePagedSearch<T extends SearchRow>(table: Table<T, string>, options: PageQuery, enabled = true): PagedResult<T> | undefined {
  return useLiveQuery(
    () => (enabled ? queryPage(table, options) : undefined),
    [table, options.search, options.page, options.pageSize, options.filter?.join(' '), options.keyRange?.from, options.keyRange?.to, enabled],
  );
}
