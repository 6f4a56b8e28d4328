import type { Table } from 'dexie';
import { buildIndex } from './builder';
import { watchTableChanges } from '../db/change-feed';
import { toEntry, type Entry } from './entries';
import { keepsSnapshots, loadSnapshot, saveSnapshot, type SnapshotHead } from './snapshot';
import { maxPatch, patchEveryMs, snapshotCheckMs, snapshotQuietMs } from './tuning';
import type { SearchRow } from './types';
import type { FoundPage, KeyRange, WordIndex } from './word-index';

/** The key of the whole table's count among the filter words' counts (no word starts with a NUL). */
const allRows = '\u0000all';

/**
 * A table's in-memory index (search/word-index.ts) and what keeps it true: built once in chunks in
 * the background (search/builder.ts), patched as rows change (db/change-feed.ts). Until it is
 * ready, the fallback reads (search/strategies.ts) answer from IndexedDB; this class also keeps
 * what they remember until the table changes (counts, a search's matches in order).
 */
export class TableIndex<T extends SearchRow> {
  private index: WordIndex | null = null;
  /** Ids changed since the index was read; 'all' when a change was not a set of keys (clear, range delete). */
  private pending: Set<string> | 'all' = 'all';
  /**
   * What this tab's writes stored under pending keys (null: deleted): patched in without reading the
   * rows back. A first sync's catalogue read every page's 2,000 rows again (issue 47: 70,000 rows read
   * back from IndexedDB, its one writer the download, and 2 s of the page's thread).
   */
  private given = new Map<string, Entry | null>();
  private building: Promise<void> | null = null;
  /** While a build reads a snapshot: resolves once its first part is read (or there is none). */
  private headRead: Promise<void> | null = null;
  /**
   * The snapshot's first part, kept from when it was read until the table changes: a few of the
   * first matches (the top bar's) are found there at once, and the next keystroke narrows its
   * remembered matches, where the whole index's first search scans every row (issue 28).
   */
  private head: SnapshotHead | null = null;
  /** What the first part last answered, for the whole index to search too (searchWholeSoon). */
  private toSearchWhole: string[] | null = null;
  private searchWholeWaits = false;
  /** How many changes have been told: the first part is kept only if none came since its build began. */
  private changes = 0;
  // Screens' reads under way while the index is built: the build waits for them between its reads.
  private foreground = 0;
  private foregroundDone: (() => void)[] = [];
  private updating: Promise<void> = Promise.resolve();
  /** The patch to come (patchSoon), and when (Date.now()). */
  private patchTimer: { handle: ReturnType<typeof setTimeout>; due: number } | null = null;
  /** When the last patch ended (Date.now()): this tab's writes that keep coming are patched at most every patchEveryMs. */
  private patchedAt = 0;
  /** How many rows carry a filter word, counted in IndexedDB while there is no index (until a change). */
  private counts = new Map<string, number>();
  /** The ids that matched a word set in pageOfWordRows, in sort order (until a change): its next pages. */
  private matchLists = new Map<string, string[]>();
  /** When a change was last told (Date.now()), and the timer that saves the snapshot once they stop. */
  private lastChangeAt = 0;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly table: Table<T, string>) {}

  /** `rows`: what the keys now hold, when a write of this tab tells (db/change-feed.ts); otherwise they are read. */
  changed(keys: readonly string[] | 'all', rows?: readonly unknown[]): void {
    this.changes += 1;
    this.head = null;
    if (keys === 'all' || this.pending === 'all') {
      this.pending = 'all';
      this.given.clear();
    } else {
      const stored = new Map<string, Entry>();
      for (const row of rows ?? []) if (isRow(row)) stored.set(row.id, toEntry(row));
      for (const key of keys) {
        this.pending.add(key);
        if (rows) this.given.set(key, stored.get(key) ?? null);
        else this.given.delete(key); // another tab's write, or one undone: read it
      }
    }
    this.counts = new Map();
    this.matchLists = new Map();
    this.lastChangeAt = Date.now();
    if (this.index && this.pending !== 'all') this.patchSoon();
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
   * catalogue in pages of 2,000, and an index left to collect rows it was not given (another tab's
   * writes, read back by the patch) would find too many to patch and be built again from every row
   * (8 s after a big shop's catalogue had landed); those are patched at once. This tab's writes hand
   * their rows over (`given`): a write after a quiet spell is patched at once too, but writes that
   * keep coming (a download's pages) are collected and patched at most every `patchEveryMs`, as each
   * patch of many keys copies every entry (issue 47). A query patches what is pending before it answers.
   */
  private patchSoon(): void {
    const unknown = this.pending !== 'all' && this.pending.size > this.given.size;
    const due = unknown ? Date.now() : Math.max(Date.now(), this.patchedAt + patchEveryMs);
    if (this.patchTimer && this.patchTimer.due <= due) return;
    if (this.patchTimer) clearTimeout(this.patchTimer.handle);
    const handle = setTimeout(() => {
      this.patchTimer = null;
      if (this.index && !this.tooManyChanges() && this.pendingCount() > 0) this.startPatch();
    }, due - Date.now());
    unref(handle);
    this.patchTimer = { handle, due };
  }

  /** A failed patch (a closed database) must not block later queries: start over instead. */
  private startPatch(): void {
    this.updating = this.updating
      .then(() => this.applyPending())
      .catch(() => {
        this.pending = 'all';
      });
  }

  /** More changes than a patch is worth: a rebuild reads every row once, a patch each changed row it was not given. */
  private tooManyChanges(): boolean {
    return this.pending === 'all' || this.pending.size - this.given.size > Math.max(maxPatch, (this.index?.size ?? 0) / 2);
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
    if (!this.index || this.tooManyChanges()) {
      void this.warm();
      return false;
    }
    if (this.pendingCount() > 0) this.startPatch();
    await this.updating;
    return !!this.index && !this.changedWholesale();
  }

  /** The page and how many rows match in all (call right after ready()); null if a rebuild started in between. */
  find(tokens: string[], offset: number, pageSize: number, range?: KeyRange): FoundPage | null {
    return this.index ? this.index.find(tokens, offset, pageSize, range) : null;
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
    if (this.index && !this.tooManyChanges()) return Promise.resolve();
    if (this.building) return this.building;
    let headDone: () => void = () => undefined;
    this.headRead = keepsSnapshots(this.table) ? new Promise((resolve) => (headDone = resolve)) : null;
    const changes = this.changes;
    const toldHead = (head: SnapshotHead | null) => {
      if (head && changes === this.changes) this.head = head;
      headDone();
    };
    this.building = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => this.build(toldHead))
      .catch(() => {
        // A closed or deleted database: queries keep using IndexedDB, and the next one tries again.
        this.index = null;
        this.pending = 'all';
      })
      .finally(() => {
        headDone();
        this.headRead = null;
        this.building = null;
      });
    return this.building;
  }

  /**
   * The page found in the snapshot's first part (search/snapshot.ts), when the page lies within it
   * (the part holds as many matches as the page asks, or every row), waiting for the part while a
   * build reads it. Its total counts that part's matches only. Null when there is no such part (it
   * goes at the table's first change), or the page lies beyond it.
   */
  async headPage(tokens: string[], offset: number, pageSize: number): Promise<FoundPage | null> {
    if (!this.head && !this.headRead && !this.index) void this.warm(); // nothing warmed it yet
    if (!this.head && this.headRead) await this.headRead;
    const head = this.head;
    if (!head) return null;
    const found = head.index.find(tokens, offset, pageSize);
    if (head.whole) return found; // the part is the whole index
    if (found.total < offset + pageSize) return null;
    this.searchWholeSoon(tokens);
    return found;
  }

  /**
   * The whole index searches what its first part answered, in a task of its own once it is loaded:
   * the next keystroke may ask more than the part holds ('8641' after '864'), and the whole index
   * then narrows this search's matches instead of scanning every row while the user waits (issue 28).
   */
  private searchWholeSoon(tokens: string[]): void {
    this.toSearchWhole = tokens;
    if (this.searchWholeWaits) return;
    this.searchWholeWaits = true;
    // When the page is idle: in the task after the answer it delayed the answer's render (each of
    // four 100,000-row scans 10 to 20 ms, at every keystroke's second letter).
    whenIdle(() => {
      this.searchWholeWaits = false;
      this.searchWhole();
    }, searchWholeIdleMs);
  }

  private searchWhole(): void {
    const tokens = this.toSearchWhole;
    if (!tokens || !this.index || this.pendingCount() > 0) return; // not loaded yet: build() asks again
    this.toSearchWhole = null;
    this.index.find(tokens, 0, 1);
  }

  /**
   * A screen's read while the index may be building: the build issues no read until it is done.
   * IndexedDB answers one request after another, and a build read of up to 1,600 job cards ahead of a
   * search's read made Job History's first search at 100,000 jobs wait behind it.
   */
  async aside<R>(read: () => Promise<R>): Promise<R> {
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

  private async build(toldHead: (head: SnapshotHead | null) => void): Promise<void> {
    // Changes from here on are patched afterwards; the reads below see everything committed before.
    // The old index goes now: it may lack changes that were too many to patch.
    this.index = null;
    this.head = null;
    this.pending = new Set();
    this.given = new Map();
    // The index as kept on the device since the last visit, with what changed since patched in.
    const loading = performance.now();
    const kept = await loadSnapshot(
      this.table,
      maxPatch,
      (rows) => rows.map(toEntry),
      (head) => {
        measure(`search: ${this.table.name} first part loaded (${head.index.size} rows)`, loading);
        toldHead(head);
      },
    ).catch(() => null);
    toldHead(null); // no snapshot: the build below answers
    if (kept) measure(`search: ${this.table.name} index loaded (${kept.index.size} rows, ${kept.changed} changed since)`, loading);
    if (kept && !this.changedWholesale()) {
      this.index = kept.index;
      if (this.toSearchWhole) this.searchWholeSoon(this.toSearchWhole);
      this.checkSoon();
      if (kept.changed > 0 || kept.outdated) this.saveSoon(); // so the next visit patches fewer, or reads the new format
      return;
    }
    // Changed wholesale meanwhile (null): the next query starts again. A first part read before its
    // whole record was refused goes too: it may hold a row deleted since, which only a loaded
    // snapshot's count check finds.
    this.head = null;
    const building = performance.now();
    this.index = await buildIndex(this.table, {
      beforeRead: () => this.noForeground(),
      changedWholesale: () => this.changedWholesale(),
    });
    if (this.index) {
      measure(`search: ${this.table.name} index built (${this.index.size} rows)`, building);
      this.saveSoon();
    }
  }

  /**
   * A row deleted since the snapshot left no stamp behind. The table's count tells whether any was,
   * and then a read of its keys tells which; meanwhile the page reads skip such a row, but the
   * total still counts it.
   */
  private checkSoon(): void {
    const timer = setTimeout(() => {
      void this.aside(async () => {
        const index = this.index;
        if (!index || (await this.table.count()) === index.size) return;
        const present = new Set(await this.table.toCollection().primaryKeys());
        if (this.index !== index) return;
        const gone = index
          .all()
          .filter((entry) => !present.has(entry.id))
          .map((entry) => entry.id);
        const unknown = [...present].filter((id) => !index.has(id));
        this.changed([...gone, ...unknown]);
      }).catch(() => undefined);
    }, snapshotCheckMs);
    unref(timer);
  }

  /** Saves the index on the device once changes have stopped for a while (search/snapshot.ts). */
  private saveSoon(): void {
    if (this.saveTimer || !keepsSnapshots(this.table)) return;
    const wait = Math.max(0, this.lastChangeAt + snapshotQuietMs - Date.now());
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      whenIdle(() => void this.save());
    }, wait);
    unref(this.saveTimer);
  }

  private async save(): Promise<void> {
    if (Date.now() < this.lastChangeAt + snapshotQuietMs) return this.saveSoon();
    const index = this.index;
    // Changes not patched in yet: the patch saves again when it is done.
    if (!index || this.pendingCount() > 0) return;
    // Every change stamped before this was told by now (a late one is read again on load).
    const stamp = Date.now() - snapshotQuietMs;
    await saveSnapshot(this.table, index, stamp).catch(() => undefined);
  }

  private async applyPending(): Promise<void> {
    if (!this.index || this.pending === 'all' || this.pending.size === 0) return;
    const keys = [...this.pending];
    const given = this.given;
    this.pending = new Set();
    this.given = new Map();
    const unknown = keys.filter((key) => !given.has(key));
    const rows = unknown.length > 0 ? await this.table.bulkGet(unknown) : [];
    const index = this.index;
    if (!index) return;
    const fresh = [...given.values()].filter((entry): entry is Entry => entry !== null);
    for (const row of rows) if (row) fresh.push(toEntry(row));
    const patched = await index.patched(keys, fresh);
    this.patchedAt = Date.now();
    if (this.index !== index) return; // a build started meanwhile: it reads these rows itself
    this.index = patched;
    this.saveSoon();
  }

  /** Saves the index's snapshot now (tests), if the table keeps one. */
  async saveNow(): Promise<void> {
    await this.ready();
    if (this.index && this.pendingCount() === 0) await saveSnapshot(this.table, this.index, Date.now());
  }
}

const isRow = (row: unknown): row is SearchRow => typeof row === 'object' && row !== null && typeof (row as { id?: unknown }).id === 'string';

/** A span on the page's performance timeline (the bench reads them; devtools show them). */
function measure(name: string, start: number): void {
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // An old engine without measure options: nothing to show.
  }
}

/** A timer that does not keep Node alive (tests, scripts); nothing in a browser. */
function unref(timer: ReturnType<typeof setTimeout>): void {
  (timer as { unref?: () => void }).unref?.();
}

const whenIdle = (run: () => void, timeout = 5000) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout });
  else unref(setTimeout(run, 0));
};

/** The longest the whole index waits for an idle moment to search what its first part answered. */
const searchWholeIdleMs = 1000;

// One index per table (a WeakMap, so a closed database's go with it), each told of its table's
// changes by the change feed.
const indexes = new WeakMap<object, unknown>();
const byTable = new Map<string, Set<{ changed(keys: readonly string[] | 'all', rows?: readonly unknown[]): void }>>();

export function tableIndex<T extends SearchRow>(table: Table<T, string>): TableIndex<T> {
  const known = indexes.get(table) as TableIndex<T> | undefined;
  if (known) return known;
  const index = new TableIndex(table);
  indexes.set(table, index);
  const name = `${table.db.name}/${table.name}`;
  let targets = byTable.get(name);
  if (!targets) {
    const all = new Set<{ changed(keys: readonly string[] | 'all', rows?: readonly unknown[]): void }>();
    byTable.set(name, all);
    watchTableChanges(table, (keys, rows) => {
      for (const each of all) each.changed(keys, rows);
    });
    targets = all;
  }
  targets.add(index);
  return index;
}
