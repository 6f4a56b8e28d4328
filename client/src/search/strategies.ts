import type { Table } from 'dexie';
import { isFilterWord, scanOrder } from './entries';
import { filteredPage, hasWordsIndex, pageAlongSortIndex, pageFromIndexedDb, pageOfKeys, pageOfWordRows, searchKeys, sortedPageOfKeys } from './fallback-reads';
import { readRows } from './read-rows';
import type { TableIndex } from './table-index';
import type { KeyRange } from './word-index';
import { buildingSortLimit, smallResult } from './tuning';
import type { PagedResult, SearchRow } from './types';

/** One page query on its way through the strategies. */
export interface PageSearch<T extends SearchRow> {
  table: Table<T, string>;
  index: TableIndex<T>;
  /** The typed words and the list's filter words. */
  tokens: string[];
  offset: number;
  pageSize: number;
  /** The caller needs no total (PageQuery.rowsOnly). */
  rowsOnly: boolean;
  /** The matching rows' keys, once a strategy has read them from the words index. */
  keys: Set<string> | null;
  /** Only rows whose sort key lies in this range (PageQuery.keyRange). */
  keyRange: KeyRange | null;
}

/** A way to answer a page: tried when `when` holds; its `read` gives the page, or null to let the next one try. */
export interface Strategy {
  name: string;
  when<T extends SearchRow>(search: PageSearch<T>): boolean;
  read<T extends SearchRow>(search: PageSearch<T>): Promise<PagedResult<T> | null>;
}

const searched = (search: { tokens: readonly string[] }) => search.tokens.length > 0;
const filterOnly = (search: { tokens: readonly string[] }) => search.tokens.every(isFilterWord);

/** The in-memory index's page, if it is ready (after applying pending changes). */
async function fromIndex<T extends SearchRow>(search: PageSearch<T>): Promise<PagedResult<T> | null> {
  const { index, tokens, offset, pageSize, keyRange } = search;
  const found = (await index.ready()) ? index.find(tokens, offset, pageSize, keyRange ?? undefined) : null;
  return found ? { rows: await readRows(search.table, found), total: found.total } : null;
}

/** The index's page once built; built again if the table changed wholesale meanwhile (a first sync's pages). */
async function afterBuild<T extends SearchRow>(search: PageSearch<T>): Promise<PagedResult<T> | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await search.index.warm();
    const page = await fromIndex(search);
    if (page) return page;
  }
  return null;
}

/**
 * How a page is answered, tried in this order. The in-memory index answers whenever it is ready;
 * until then IndexedDB's own indexes do, each way for the searches it is fast for (measured in
 * docs/benchmarks-history.md; the limits are in search/tuning.ts). Nothing loads the whole table on the way.
 */
export const strategies: readonly Strategy[] = [
  {
    // A range of sort keys (the Reminders list's days) is answered by the in-memory index alone: the
    // fallback reads know nothing of ranges. Its build is a fraction of a second at 30,000 rows.
    name: 'a range of sort keys, from the index once built',
    when: (search) => search.keyRange !== null,
    read: async (search) => (await afterBuild(search)) ?? { rows: [], total: 0 },
  },
  {
    // Right after a reload the index is read from its snapshot, its first rows first: the top bar's
    // few of each kind are found there for most searches, 0.2 to 0.9 s before the rest is read, and
    // until the table changes the next keystroke narrows the part's last matches rather than scan
    // the whole index's 100,000 rows (issue 28). A page beyond it, or a caller that shows the
    // total, goes on below.
    name: "a first page within the snapshot's first part, when no total is needed",
    when: (search) => search.rowsOnly && searched(search),
    read: async (search) => {
      const found = await search.index.headPage(search.tokens, search.offset, search.pageSize);
      return found ? { rows: await readRows(search.table, found), total: found.total } : null;
    },
  },
  {
    name: 'the in-memory index, when ready',
    when: () => true,
    read: fromIndex,
  },
  {
    // Searched in memory only (items, customers: search-words.ts): the search waits for the build
    // (about a second at 50,000 items, usually started when the app or the screen opened).
    name: 'a table without a words index: wait for the build',
    when: (search) => searched(search) && !hasWordsIndex(search.table),
    read: afterBuild,
  },
  {
    // A list's filter alone (Finished Jobs: 97,000 of 100,000 jobs) matches most of the table: its
    // keys alone take IndexedDB 0.5 s to read and more to sort. A page near either end is read along
    // the sort index.
    name: 'one filter word: a page near either end along the sort index',
    when: (search) => searched(search) && filterOnly(search) && scanOrder(search.tokens).length === 1,
    read: (search) => search.index.aside(() => filteredPage(search.table, search.index, scanOrder(search.tokens)[0]!, search.offset, search.pageSize)),
  },
  {
    // Any other page of a filter alone waits for the build under way, which then answers every page.
    name: 'filter words alone: wait for the build under way',
    when: (search) => searched(search) && filterOnly(search) && search.index.isBuilding(),
    read: async (search) => {
      await search.index.warm();
      return fromIndex(search);
    },
  },
  {
    name: "while building: the longest word's rows in one read of the words index",
    when: (search) => search.index.isBuilding() && hasWordsIndex(search.table) && !filterOnly(search),
    read: (search) => search.index.aside(() => pageOfWordRows(search.table, search.index, search.tokens, search.offset, search.pageSize)),
  },
  {
    // Many matches while the index is being built, past what pageOfWordRows reads (Job History's first
    // search of a common surname at 100,000 jobs waited 2.5 s for the build): read by key and sorted
    // here, or for very many a page near either end read along the sort index; any other page waits
    // for the build, which then answers. Fewer matches: the next strategy pages their keys.
    name: 'the matching keys; many while building: by key or along the sort index',
    when: searched,
    read: async (search) => {
      const keys = await search.index.aside(() => searchKeys(search.table, search.tokens));
      search.keys = keys;
      if (keys.size <= smallResult || !search.index.isBuilding()) return null;
      const { table, offset, pageSize } = search;
      const page = await search.index.aside(() =>
        keys.size <= buildingSortLimit ? sortedPageOfKeys(table, keys, offset, pageSize) : pageAlongSortIndex(table, (row) => keys.has(row.id), keys.size, offset, pageSize),
      );
      if (page) return page;
      await search.index.warm();
      return fromIndex(search);
    },
  },
  {
    name: 'a page of the matching keys',
    when: (search) => search.keys !== null,
    read: (search) => search.index.aside(() => pageOfKeys(search.table, search.keys!, search.offset, search.pageSize)),
  },
  {
    name: 'no search: the sort index from its nearer end',
    when: () => true,
    read: (search) => search.index.aside(() => pageFromIndexedDb(search.table, search.index, search.offset, search.pageSize)),
  },
];
