import Dexie, { cmp, type Collection, type IntervalTree, type ObservabilitySet, type Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { compareSortKeys, matchesTokens, searchTokens } from '../../../shared/domain/search-words';
import { onTableWrites } from '../db/derived-fields';

export interface PagedResult<T> {
  rows: T[];
  total: number;
  /** The page this answer is for (a list must not act on an answer for the page it left). */
  page?: number;
  /** Names of records the rows refer to that the device may not hold yet (the server's answer during a download). */
  names?: Record<string, string>;
}

/** Rows come sorted by the table's lower-cased `sortKey` index (see db/search-words.ts). */
export interface PageQuery {
  search: string;
  page: number;
  pageSize: number;
  /** Words every row must also carry, beyond what was typed (e.g. '~finished', db/search-words.ts). */
  filter?: readonly string[];
}

/**
 * Typed words by length, longest first (it matches the fewest rows), filter words last: a filter
 * such as a status matches most of a table, so it only narrows what the typed words found.
 */
function scanOrder(tokens: readonly string[]): string[] {
  const isFilter = (token: string) => (isFilterWord(token) ? 1 : 0);
  return [...new Set(tokens)].sort((a, b) => isFilter(a) - isFilter(b) || b.length - a.length);
}

const isFilterWord = (token: string) => token.startsWith('~');

type Row = { id: string } & Record<string, unknown>;

/**
 * Why an in-memory index (docs/benchmarks.md): with 50,000 items, every IndexedDB read that
 * touches many entries costs milliseconds per thousand on a 2-core machine: `count()` walks the
 * table, `offset()` walks every skipped entry, a one-letter prefix returns tens of thousands of
 * keys and `bulkGet` reads its keys one request at a time. So each searchable table keeps its rows'
 * ids in `sortKey` order with their search words, built once in chunks in the background
 * and patched as rows change (this tab's writes through hooks, other tabs' through Dexie's change
 * events). A keystroke is then a scan of one string of all the words, a page change an array slice,
 * and either reads only the page's rows. Until the index is ready, Dexie indexes answer as before.
 */
interface Entry {
  id: string;
  /** The row's `sortKey` ('' when it has none). */
  key: string;
  /** The row's search words, each preceded by a separator. */
  words: string;
}

const separator = '\u0001';
const separatorCode = 1;
const rowSeparator = '\u0002';
// The word sets whose full match lists an index remembers until the table changes.
const rememberedSearches = 8;
// Rows read a request while building, and how long the build may hold the page's thread at a time:
// a build of 70,000 rows runs beside the screens without a task over 50 ms (a tablet's input and
// Lighthouse's Total Blocking Time; issue 11).
const buildChunk = 200;
const sliceMs = 8;
// A build's read that took longer than this mostly waited (behind a first sync's page writes): the
// wait is the same however many rows it asks for, so the next read asks for twice as many, up to the
// most below. In 200-row reads, a big shop's 50,000 items became searchable 19 s after they were on
// the device, the reads queued behind the download's history pages.
const slowBuildRead = 150;
const maxBuildChunk = 1600;
// More pending changes than this (or than half the rows) and a rebuild is cheaper than patching.
const maxPatch = 2000;
// Below this many matches, the IndexedDB fallback sorts them in memory instead of walking the sort index.
const sortInMemoryLimit = 2000;
// Up to this many matches, the IndexedDB fallback answers at once even while the index is being built.
const smallResult = 200;
// While the index is being built and a search's longest word has too many entries for pageOfWordRows,
// up to this many matches of all its words are read by key and sorted here (about 0.2 s for 5,000
// jobs, against 2.8 s for the build of 100,000); more, and only a page near either end is answered
// before the build ends.
const buildingSortLimit = 5000;
// pageOfWordRows reads a word's rows in one request up to this many entries of the words index (a row
// comes once for each of its words the typed one starts: 'nimal' starts 'nimal' and 'nimal perera').
// One read, not a count first: a word with more entries costs a read of this many rows for nothing
// (about 0.15 s at 100,000 jobs, in the index build's first seconds only), a count every search 25 ms.
const wordRowsLimit = 8000;
// Without the index, a page of a list's filter alone is read along the sort index when it lies
// within this many rows of either end; deeper pages wait for the index.
const filterReadLimit = 2000;
// Without the index, a page within this many rows of the start is one read of them all (not a cursor).
const shallowPageRead = 500;

/** The `sortKey` index's order (strings by code unit, ties by primary key), so every path agrees. */
const compareEntries: (a: Entry, b: Entry) => number = compareSortKeys;

const sortKeyOf = (row: Row) => (typeof row.sortKey === 'string' ? row.sortKey : '');

function toEntry(row: Row): Entry {
  const words = Array.isArray(row.searchWords) ? (row.searchWords as string[]) : [];
  return { id: row.id, key: sortKeyOf(row), words: words.length ? separator + words.join(separator) : '' };
}

/** First position whose entry is not before `entry`. */
function lowerBound(entries: Entry[], entry: Entry): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareEntries(entries[mid]!, entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Gives the page its thread back (input, drawing) between slices of a long build; not throttled in the background like a timer. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Sorted runs merged into one sorted list, a pair at a time, in slices of at most `sliceMs`. */
async function mergeRuns(runs: Entry[][]): Promise<Entry[]> {
  let level = runs.filter((run) => run.length > 0);
  let sliceStart = performance.now();
  while (level.length > 1) {
    const next: Entry[][] = [];
    for (let r = 0; r < level.length; r += 2) {
      const a = level[r]!;
      const b = level[r + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const merged = new Array<Entry>(a.length + b.length);
      let i = 0;
      let j = 0;
      let k = 0;
      while (i < a.length || j < b.length) {
        merged[k++] = j >= b.length || (i < a.length && compareEntries(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!;
        if ((k & 1023) === 0 && performance.now() - sliceStart > sliceMs) {
          await nextTask();
          sliceStart = performance.now();
        }
      }
      next.push(merged);
    }
    level = next;
  }
  return level[0] ?? [];
}

/** The key of the whole table's count among the filter words' counts (no word starts with a NUL). */
const allRows = '\u0000all';

class SearchIndex {
  private entries: Entry[] | null = null;
  private byId = new Map<string, Entry>();
  /**
   * Every entry's words in one string, in sort order (made on the first search after a change), and
   * the positions of the rows that matched the last few word sets (dropped with it on any change).
   */
  private text: { all: string; starts: Int32Array; found: Map<string, Int32Array> } | null = null;
  /** Ids changed since the index was read; 'all' when a change was not a set of keys (clear, range delete). */
  private pending: Set<string> | 'all' = 'all';
  private building: Promise<void> | null = null;
  // Screens' reads under way while the index is built: the build waits for them between its reads.
  private foreground = 0;
  private foregroundDone: (() => void)[] = [];
  private updating: Promise<void> = Promise.resolve();
  private patchScheduled = false;
  /** How many rows carry a filter word, counted in IndexedDB while there is no index (until a change). */
  private counts = new Map<string, number>();
  /** The ids that matched a word set in pageOfWordRows, in sort order (until a change): its next pages. */
  private matchLists = new Map<string, string[]>();

  constructor(private readonly table: Table<Row, string>) {}

  changed(keys: string[] | 'all'): void {
    if (keys === 'all' || this.pending === 'all') this.pending = 'all';
    else for (const key of keys) this.pending.add(key);
    this.counts = new Map();
    this.matchLists = new Map();
    if (this.entries && this.pending !== 'all') this.patchSoon();
  }

  /** A word set's matches in sort order, if kept since the last change. */
  matchList(words: string): string[] | undefined {
    return this.matchLists.get(words);
  }

  /** Keeps a word set's matches, unless the table changed since `since` (taken before the reads) was current. */
  keepMatchList(words: string, ids: string[], since: Map<string, string[]>): void {
    if (since === this.matchLists) since.set(words, ids);
  }

  /** What keepMatchList is told, taken before reading the matches. */
  matchListsNow(): Map<string, string[]> {
    return this.matchLists;
  }

  /**
   * Patches a built index soon after a write, not at the next query: a first sync writes the
   * catalogue in pages of 2,000, and an index left to collect them would find too many changes to
   * patch and be built again from every row (8 s after a big shop's catalogue had landed).
   */
  private patchSoon(): void {
    if (this.patchScheduled) return;
    this.patchScheduled = true;
    setTimeout(() => {
      this.patchScheduled = false;
      if (this.entries && !this.tooManyChanges() && this.pendingCount() > 0) {
        this.updating = this.updating.then(() => this.applyPending()).catch(() => {
          this.pending = 'all';
        });
      }
    }, 0);
  }

  /** More changes than a patch is worth: a rebuild reads every row once, a patch each changed row. */
  private tooManyChanges(): boolean {
    return this.pending === 'all' || this.pending.size > Math.max(maxPatch, (this.entries?.length ?? 0) / 2);
  }

  /**
   * How many rows the table holds, counted once until it changes: IndexedDB walks every entry to
   * count (0.2 to 0.5 s for 100,000 job cards), and a list paged before the index is built (the Job
   * History Report's Next and Prev) would pay that on every page.
   */
  countAll(): Promise<number> {
    return this.counted(allRows, () => this.table.count());
  }

  /** How many rows carry this word (the `searchWords` index): counted once until the table changes, as IndexedDB walks every entry. */
  countOf(word: string): Promise<number> {
    return this.counted(word, () => this.table.where('searchWords').equals(word).count());
  }

  /** A count kept under `key` until the table changes (a change during the count is not kept). */
  private async counted(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const counts = this.counts;
    const total = await count();
    if (counts === this.counts) counts.set(key, total);
    return total;
  }

  /** Ready to answer (after applying pending changes); if not, it starts a build and the caller uses IndexedDB meanwhile. */
  async ready(): Promise<boolean> {
    if (!this.entries || this.tooManyChanges()) {
      void this.warm();
      return false;
    }
    if (this.pendingCount() > 0) {
      // A failed patch (a closed database) must not block later queries: start over instead.
      this.updating = this.updating
        .then(() => this.applyPending())
        .catch(() => {
          this.pending = 'all';
        });
    }
    await this.updating;
    return !!this.entries && !this.changedWholesale();
  }

  /** The page's positions in sort order and how many rows match in all (call right after ready()). */
  find(tokens: string[], offset: number, pageSize: number): { entries: Entry[]; positions: number[]; total: number } | null {
    const entries = this.entries;
    if (!entries) return null; // a rebuild started in between
    const positions: number[] = [];
    if (tokens.length === 0) {
      for (let i = offset; i < Math.min(entries.length, offset + pageSize); i++) positions.push(i);
      return { entries, positions, total: entries.length };
    }
    const matches = this.matching(tokens);
    for (let i = offset; i < Math.min(matches.length, offset + pageSize); i++) positions.push(matches[i]!);
    return { entries, positions, total: matches.length };
  }

  /**
   * The positions of every row that has all these word prefixes, in sort order. The longest word
   * is scanned for in the one string of all words (it matches the fewest rows), at most one hit per
   * row; each further word is then only looked for in those rows' own words: 'brake p' does not
   * scan for every 'p'. The scan looks for the word itself and keeps the hits that start a word:
   * V8 searches a needle that begins with the separator (which starts every word) several times
   * slower (at 100,000 job cards: '~finished' 36 ms → 3 ms, 'perera' 14 ms → 2 ms). A list's
   * pages and a search typed again reuse the result until the table changes (Finished Jobs: every
   * page change would scan for its 97,000 finished jobs again).
   */
  private matching(tokens: string[]): Int32Array {
    const text = this.wordText();
    const [first, ...rest] = scanOrder(tokens) as [string, ...string[]];
    const key = [first, ...rest].join(' ');
    const known = text.found.get(key);
    if (known) {
      text.found.delete(key); // the most recent last, so the oldest goes first
      text.found.set(key, known);
      return known;
    }
    const { all, starts } = text;
    const entries = this.entries!;
    const others = rest.map((token) => separator + token);
    const found: number[] = [];
    let entry = 0;
    let at = all.indexOf(first);
    while (at >= 0) {
      if (all.charCodeAt(at - 1) !== separatorCode) {
        at = all.indexOf(first, at + 1); // inside a word, not at its start
        continue;
      }
      while (entry + 1 < starts.length && starts[entry + 1]! <= at) entry += 1;
      const words = entries[entry]!.words;
      if (others.every((other) => words.includes(other))) found.push(entry);
      at = entry + 1 < starts.length ? all.indexOf(first, starts[entry + 1]) : -1;
    }
    const list = Int32Array.from(found);
    text.found.set(key, list);
    if (text.found.size > rememberedSearches) text.found.delete(text.found.keys().next().value!);
    return list;
  }

  private wordText(): { all: string; starts: Int32Array; found: Map<string, Int32Array> } {
    if (!this.text) {
      const entries = this.entries!;
      const starts = new Int32Array(entries.length);
      let at = 0;
      for (let i = 0; i < entries.length; i++) {
        starts[i] = at;
        at += entries[i]!.words.length + 1;
      }
      this.text = { all: entries.map((entry) => entry.words).join(rowSeparator), starts, found: new Map() };
    }
    return this.text;
  }

  /** Read again after an await: a change event may have arrived meanwhile. */
  private changedWholesale(): boolean {
    return this.pending === 'all';
  }

  private pendingCount(): number {
    return this.pending === 'all' ? Infinity : this.pending.size;
  }

  isBuilding(): boolean {
    return this.building !== null;
  }

  /** Builds the index unless it is ready; one build at a time, started from a timer so it runs outside any live query. */
  warm(): Promise<void> {
    if (this.entries && !this.tooManyChanges()) return Promise.resolve();
    this.building ??= new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => this.build())
      .catch(() => {
        // A closed or deleted database: queries keep using IndexedDB, and the next one tries again.
        this.entries = null;
        this.pending = 'all';
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  /**
   * A screen's read while the index may be building: the build issues no read until it is done.
   * IndexedDB answers one request after another, and a build read of up to 1,600 job cards ahead of a
   * search's read made Job History's first search at 100,000 jobs wait behind it.
   */
  async aside<T>(read: () => Promise<T>): Promise<T> {
    this.foreground += 1;
    try {
      return await read();
    } finally {
      this.foreground -= 1;
      if (this.foreground === 0) for (const resume of this.foregroundDone.splice(0)) resume();
    }
  }

  private noForeground(): Promise<void> | undefined {
    return this.foreground === 0 ? undefined : new Promise<void>((resolve) => this.foregroundDone.push(resolve));
  }

  private async build(): Promise<void> {
    // Changes from here on are patched afterwards; the reads below see everything committed before.
    // The old entries go now: they may lack changes that were too many to patch.
    this.entries = null;
    this.byId = new Map();
    this.text = null;
    this.pending = new Set();
    const runs: Entry[][] = [];
    const byId = new Map<string, Entry>();
    let last: string | null = null;
    // In chunks by id: each chunk is one IndexedDB request (a task of its own), sorted as it comes.
    for (let chunk = buildChunk; ; ) {
      await this.noForeground();
      const collection: Collection<Row, string> = last === null ? this.table.toCollection() : this.table.where(':id').above(last);
      const asked = performance.now();
      const rows = await collection.limit(chunk).toArray();
      const waited = performance.now() - asked;
      const run = rows.map(toEntry).sort(compareEntries);
      for (const entry of run) byId.set(entry.id, entry);
      runs.push(run);
      if (rows.length < chunk) break;
      last = rows[rows.length - 1]!.id;
      chunk = waited > slowBuildRead ? Math.min(2 * chunk, maxBuildChunk) : buildChunk;
    }
    if (this.changedWholesale()) {
      this.entries = null; // changed wholesale meanwhile: the next query starts again
      return;
    }
    const entries = await mergeRuns(runs);
    if (this.changedWholesale()) {
      this.entries = null;
      return;
    }
    this.entries = entries;
    this.text = null;
    this.byId = byId;
  }

  private async applyPending(): Promise<void> {
    if (!this.entries || this.pending === 'all' || this.pending.size === 0) return;
    const keys = [...this.pending];
    this.pending = new Set();
    const rows = await this.table.bulkGet(keys);
    if (!this.entries) return;
    const fresh = rows.filter((row): row is Row => !!row).map((row) => toEntry(row));
    this.text = null;
    if (keys.length <= 64) {
      for (const key of keys) {
        const old = this.byId.get(key);
        if (!old) continue;
        this.entries.splice(lowerBound(this.entries, old), 1);
        this.byId.delete(key);
      }
      for (const entry of fresh) {
        this.entries.splice(lowerBound(this.entries, entry), 0, entry);
        this.byId.set(entry.id, entry);
      }
    } else {
      // Merged in slices, not sorted again: a first sync's page of 2,000 into 70,000 entries, each page.
      const entries = this.entries;
      const dropped = new Set(keys);
      const merged = await mergeRuns([entries.filter((entry) => !dropped.has(entry.id)), fresh.sort(compareEntries)]);
      if (this.entries !== entries) return; // a build started meanwhile: it reads these rows itself
      this.entries = merged;
      this.text = null;
      for (const key of keys) this.byId.delete(key);
      for (const entry of fresh) this.byId.set(entry.id, entry);
    }
  }
}

// One index per table. Changes reach it from this tab's writes (hooks, below) and from Dexie's
// change events (other tabs too) through the table's primary-key part, `idb://<db>/<table>/`.
const indexes = new WeakMap<Table, SearchIndex>();
const byPart = new Map<string, Set<SearchIndex>>();

function searchIndex(table: Table<Row, string>): SearchIndex {
  let index = indexes.get(table);
  if (!index) {
    index = new SearchIndex(table);
    indexes.set(table, index);
    const part = `idb://${table.db.name}/${table.name}/`;
    if (!byPart.has(part)) {
      byPart.set(part, new Set());
      watchWrites(table, part);
    }
    byPart.get(part)!.add(index);
  }
  return index;
}

/**
 * This tab's writes are seen as they are made (db/derived-fields.ts, before they commit): Dexie
 * re-runs live queries optimistically before a write commits (and before its change event), and
 * the index must know by then. The patch reads the rows after the commit (a read waits for the write's transaction).
 */
function watchWrites(table: Table<Row, string>, part: string): void {
  onTableWrites(table.db.name, table.name, (keys, trans) => {
    noteOwnWrite(trans);
    for (const index of byPart.get(part) ?? []) index.changed(keys);
  });
}

/**
 * This tab's write transactions, each of whose writes the indexes were told key by key as it was
 * made (above): their change events tell nothing new, and Dexie's event reports a put of 50 rows or
 * more as the table's whole range, which would throw an index away after every page of a first sync.
 */
const ownWrites = new Set<IDBTransaction>();

function noteOwnWrite(trans: IDBTransaction): void {
  if (ownWrites.has(trans)) return;
  ownWrites.add(trans);
  // After Dexie's own completion handler (set first), which fires the change event.
  const forget = () => setTimeout(() => ownWrites.delete(trans), 0);
  trans.addEventListener('complete', forget);
  trans.addEventListener('abort', forget);
}

const isOwnWrite = (parts: ObservabilitySet) => [...ownWrites].some((trans) => (trans as { mutatedParts?: unknown }).mutatedParts === parts);

/** The single keys of a change set, or null when it holds a range (a clear, a range delete, a big bulk write). */
function changedKeys(tree: IntervalTree): string[] | null {
  const keys: string[] = [];
  const stack: IntervalTree[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    if (!('from' in node)) continue;
    if (cmp(node.from, node.to) !== 0 || typeof node.from !== 'string') return null;
    keys.push(node.from);
    if (node.l) stack.push(node.l);
    if (node.r) stack.push(node.r);
  }
  return keys;
}

// Registered when this module loads, before any live query subscribes, so an index hears of a
// change before the live queries that it answers re-run.
Dexie.on('storagemutated', (parts: ObservabilitySet) => {
  if (isOwnWrite(parts)) return;
  for (const [part, tree] of Object.entries(parts)) {
    const targets = byPart.get(part);
    if (!targets) continue;
    const keys = changedKeys(tree);
    for (const index of targets) index.changed(keys ?? 'all');
  }
});

/** Builds the in-memory index of a table now (queries start it by themselves), e.g. before timing. */
export function warmSearchIndex<T extends { id: string }>(table: Table<T, string>): Promise<void> {
  return searchIndex(table as unknown as Table<Row, string>).warm();
}

/**
 * One page of a table, optionally searched (every typed word must start a word of the row's
 * `searchWords`), sorted by its `sortKey`. Answered from the table's in-memory index when it is
 * ready, otherwise from Dexie indexes; nothing loads the whole table on the way.
 */
export async function queryPage<T extends { id: string }>(table: Table<T, string>, options: PageQuery): Promise<PagedResult<T>> {
  return { ...(await pageOf(table, options)), page: options.page };
}

async function pageOf<T extends { id: string }>(table: Table<T, string>, options: PageQuery): Promise<PagedResult<T>> {
  const { pageSize } = options;
  const offset = Math.max(0, (options.page - 1) * pageSize);
  const tokens = [...searchTokens(options.search), ...(options.filter ?? [])];
  // A read of the whole table's range, issued before anything is awaited: a live query then re-runs
  // on any change of the table. The index answers without reading the rows a change might add, and
  // Dexie stops tracking reads made after awaiting a promise that is not its own.
  const watched = table.limit(1).toArray();
  const index = searchIndex(table as unknown as Table<Row, string>);
  let found = (await index.ready()) ? index.find(tokens, offset, pageSize) : null;
  let keys: Set<string> | null = null;
  if (!found && tokens.length > 0 && !hasWordsIndex(table)) {
    // Searched in memory only (items, customers: search-words.ts): the search waits for the build
    // (about a second at 50,000 items, usually started when the app or the screen opened).
    found = await afterBuild(index, tokens, offset, pageSize);
  }
  if (!found && tokens.length > 0 && tokens.every(isFilterWord)) {
    // A list's filter alone (Finished Jobs: 97,000 of 100,000 jobs) matches most of the table: its
    // keys alone take IndexedDB 0.5 s to read and more to sort. A page near either end is read along
    // the sort index; any other waits for the build under way, which then answers every page.
    const words = scanOrder(tokens);
    const page = words.length === 1 ? await index.aside(() => filteredPage(table, index, words[0]!, offset, pageSize)) : null;
    if (page) {
      await watched;
      return page;
    }
    if (index.isBuilding()) {
      await index.warm();
      found = (await index.ready()) ? index.find(tokens, offset, pageSize) : null;
    }
  }
  if (!found && index.isBuilding() && hasWordsIndex(table) && !tokens.every(isFilterWord)) {
    const page = await index.aside(() => pageOfWordRows(table, index, tokens, offset, pageSize));
    if (page) {
      await watched;
      return page;
    }
  }
  if (!found && tokens.length > 0) {
    keys = await index.aside(() => searchKeys(table, tokens));
    // Many matches while the index is being built, past what pageOfWordRows reads (Job History's first
    // search of a common surname at 100,000 jobs waited 2.5 s for the build): read by key and sorted
    // here, or for very many a page near either end read along the sort index; any other page waits
    // for the build, which then answers.
    if (keys.size > smallResult && index.isBuilding()) {
      const matched = keys;
      const page = await index.aside(() =>
        matched.size <= buildingSortLimit
          ? sortedPageOfKeys(table, matched, offset, pageSize)
          : pageAlongSortIndex(table, (row) => matched.has(row.id), matched.size, offset, pageSize),
      );
      if (page) {
        await watched;
        return page;
      }
      await index.warm();
      found = (await index.ready()) ? index.find(tokens, offset, pageSize) : null;
    }
  }
  if (found) {
    const [rows] = await Promise.all([readRows(table, found.entries, found.positions), watched]);
    return { rows, total: found.total };
  }
  await watched;
  const matched = keys;
  return index.aside(() => (matched ? pageOfKeys(table, matched, offset, pageSize) : pageFromIndexedDb(table, index, offset, pageSize)));
}

const hasWordsIndex = (table: Table) => !!table.schema.idxByName.searchWords;

/** The index's answer once built; rebuilt again if the table changed wholesale meanwhile (a first sync's pages). */
async function afterBuild(index: SearchIndex, tokens: string[], offset: number, pageSize: number) {
  for (let attempt = 0; attempt < 20; attempt++) {
    await index.warm();
    const found = (await index.ready()) ? index.find(tokens, offset, pageSize) : null;
    if (found) return found;
  }
  return null;
}

/**
 * The rows at these positions of the index, in that order. One IndexedDB request over the sort
 * index's range when the rows lie close together (a page without search, most search pages):
 * many single reads (bulkGet) cost far more than one read of a few more rows.
 */
async function readRows<T extends { id: string }>(table: Table<T, string>, entries: Entry[], positions: number[]): Promise<T[]> {
  if (positions.length === 0) return [];
  const ids = positions.map((position) => entries[position]!.id);
  const first = entries[positions[0]!]!;
  const last = entries[positions[positions.length - 1]!]!;
  const span = positions[positions.length - 1]! - positions[0]! + 1;
  if (span > Math.max(4 * ids.length, 200)) return (await table.bulkGet(ids)).filter((row): row is T => !!row);
  const found = new Map<string, T>();
  for (const row of await table.where('sortKey').between(first.key, last.key, true, true).toArray()) found.set(row.id, row);
  // A row changed since the index was patched (or without a sortKey) is outside the range: read it by id.
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    (await table.bulkGet(missing)).forEach((row) => row && found.set(row.id, row));
  }
  return ids.map((id) => found.get(id)).filter((row): row is T => !!row);
}

/** No search, no in-memory index yet: count (once until a change), then walk the sort index from the nearer end. */
async function pageFromIndexedDb<T extends { id: string }>(table: Table<T, string>, index: SearchIndex, offset: number, pageSize: number): Promise<PagedResult<T>> {
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
    // IndexedDB request a row, each queued behind the index build's reads (Job History's Prev/Next
    // right after it opened: median 115 ms at 100,000 jobs).
    return { rows: (await table.orderBy('sortKey').limit(offset + pageSize).toArray()).slice(offset), total };
  }
  return { rows: await table.orderBy('sortKey').offset(offset).limit(pageSize).toArray(), total };
}

/**
 * A page of the rows carrying one filter word, without the in-memory index (the first Finished Jobs
 * page of a freshly loaded app waited seconds for the index of 100,000 jobs): how many from the
 * `searchWords` index (counted once until the table changes), the rows as pageAlongSortIndex reads
 * them. Null when the word is rare (the keys are then few: searchKeys) or the page lies deeper.
 */
async function filteredPage<T extends { id: string }>(
  table: Table<T, string>,
  index: SearchIndex,
  word: string,
  offset: number,
  pageSize: number,
): Promise<PagedResult<T> | null> {
  const total = await index.countOf(word);
  if (total <= sortInMemoryLimit) return null;
  const has = (row: T) => {
    const words = (row as unknown as Row).searchWords;
    return Array.isArray(words) && words.includes(word);
  };
  return pageAlongSortIndex(table, has, total, offset, pageSize);
}

/**
 * A page of the `total` rows that `has` keeps, in sort order, without the in-memory index: whole
 * reads of the sort index's first or last rows (not a cursor: each of its steps would wait behind
 * the index build's reads), twice as many each time until the page is full. Null when the page lies
 * deeper than the reads go.
 */
async function pageAlongSortIndex<T extends { id: string }>(
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
 * that index (IndexedDB's getAll), checked for the other words, and sorted here. Measured in Chromium
 * at 100,000 jobs for Job History's 'perera' (2,300 jobs): its rows 40 ms, against 24 ms for their keys
 * and then 80 to 100 ms to read them one key at a time. Null when the word starts more.
 * The matches' order is kept until the table changes, so the next pages read only their own rows.
 */
async function pageOfWordRows<T extends { id: string }>(
  table: Table<T, string>,
  index: SearchIndex,
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
  const rows = await table.where('searchWords').startsWith(first).limit(wordRowsLimit + 1).toArray();
  if (rows.length > wordRowsLimit) return null;
  // A row comes once for each of its words that starts with `first` (a multi-entry index).
  const seen = new Set<string>();
  const matched: { row: T; entry: Entry }[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const rowWords = (row as unknown as Row).searchWords;
    if (!Array.isArray(rowWords) || !matchesTokens(rowWords as string[], tokens)) continue;
    matched.push({ row, entry: { id: row.id, key: sortKeyOf(row as unknown as Row), words: '' } });
  }
  matched.sort((a, b) => compareEntries(a.entry, b.entry));
  index.keepMatchList(listKey, matched.map((m) => m.row.id), since);
  return { rows: matched.slice(offset, offset + pageSize).map((m) => m.row), total: matched.length };
}

/** Search without the in-memory index: intersect each word's prefix keys in the `searchWords` index. */
async function searchKeys<T extends { id: string }>(table: Table<T, string>, tokens: string[]): Promise<Set<string>> {
  if (!hasWordsIndex(table)) {
    // A memory-searched table whose index could not be built (changing wholesale all the while): read every row.
    const matches = (row: T) => {
      const words = (row as unknown as Row).searchWords;
      return Array.isArray(words) && matchesTokens(words as string[], tokens);
    };
    return new Set(((await table.filter(matches).primaryKeys()) as string[]));
  }
  // Longest word first: it matches the fewest rows, so the intersection stays small.
  const [first, ...rest] = scanOrder(tokens);
  let found = new Set((await table.where('searchWords').startsWith(first!).primaryKeys()) as string[]);
  for (const token of rest) {
    if (found.size === 0) break;
    const keys = (await table.where('searchWords').startsWith(token).primaryKeys()) as string[];
    const previous = found;
    found = new Set(keys.filter((key) => previous.has(key)));
  }
  return found;
}

/** One page of the rows with these keys, in `sortKey` order, read from IndexedDB. */
async function pageOfKeys<T extends { id: string }>(table: Table<T, string>, found: Set<string>, offset: number, pageSize: number): Promise<PagedResult<T>> {
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
async function sortedPageOfKeys<T extends { id: string }>(table: Table<T, string>, found: Set<string>, offset: number, pageSize: number): Promise<PagedResult<T>> {
  const rows = (await table.bulkGet([...found])).filter((row): row is T => !!row);
  const sorted = rows.map((row) => ({ row, entry: { id: row.id, key: sortKeyOf(row as unknown as Row), words: '' } }));
  sorted.sort((a, b) => compareEntries(a.entry, b.entry));
  return { rows: sorted.slice(offset, offset + pageSize).map((e) => e.row), total: found.size };
}

/** queryPage as a live query: the page follows local writes and pulled changes. Not `enabled`: nothing is read (undefined). */
export function usePagedSearch<T extends { id: string }>(table: Table<T, string>, options: PageQuery, enabled = true): PagedResult<T> | undefined {
  return useLiveQuery(
    () => (enabled ? queryPage(table, options) : undefined),
    [table, options.search, options.page, options.pageSize, options.filter?.join(' '), enabled],
  );
}

/**
 * Where a row stands in the list's order (`sortKey`, ties by id: the index's order), counted in
 * IndexedDB's own index; null when the row is not there. A saved record's page is found with it.
 */
export async function positionInSortOrder<T extends { id: string }>(table: Table<T, string>, id: string): Promise<number | null> {
  const row = (await table.get(id)) as unknown as Row | undefined;
  if (!row) return null;
  const key = sortKeyOf(row);
  const before = await table.where('sortKey').below(key).count();
  const ties = ((await table.where('sortKey').equals(key).primaryKeys()) as string[]).filter((other) => other < id).length;
  return before + ties;
}
