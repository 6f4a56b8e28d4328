import { asc, eq, gt, max } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/connection';
import { customers, items } from '../db/schema';
import { tableOf } from '../mutations/mutation-tx';
import { compareSortKeys, downloadSearchTables, searchWordsFor, sortKeyFor, type DownloadSearchTable } from '@shared/domain/search-words';

/** A live row as the index holds it: its id, its sort key, and its search words joined by `separator`, each preceded by it. */
interface Entry {
  id: string;
  key: string;
  words: string;
}

const separator = '\u0001';
const separatorCode = 1;
const rowSeparator = '\u0002';

/** More changed rows than this since the index was last read, and it is read again whole rather than patched. */
const patchLimit = 2000;
/** Unused this long, an index is dropped (a download search or a REST search builds it again). */
const idleMs = 10 * 60_000;
/** Rows read a turn of the event loop when the index is read ahead of its first search (`warm`). */
const warmSlice = 2000;

/**
 * The catalogue's or the customers' live rows in the lists' order (sort key, ties by id), with
 * their search words: the download search and the REST lists' `?search=` page through it.
 *
 * Why (issue 47): each search read every candidate row, computed its words and sorted all matches
 * (a single letter matched 21,799 items: 470 ms a request, 750 ms for the unsearched list, while a
 * new device's first sync kept the same thread busy), so a new tablet's screens waited seconds for
 * their first answers. The index is kept true by versions: rows are never removed (deletes are
 * tombstones) and every write gives its rows a version above every earlier one, so the rows above
 * the highest version it holds are all that changed since it was read.
 */
class SearchIndex {
  private entries: Entry[] = [];
  private readonly byId = new Map<string, Entry>();
  private version = 0;
  private joined: { all: string; starts: Int32Array } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private warming: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly table: DownloadSearchTable,
    private readonly forget: () => void,
  ) {}

  /** The index as of now: the rows written since it was last read patched in, or all read again. */
  async current(): Promise<this> {
    this.keepAlive();
    const newest = await this.newest();
    if (newest === this.version) return this;
    const changed = await this.rowsAbove(this.version, patchLimit + 1);
    if (this.version === 0 || changed.length > patchLimit) await this.readAll();
    else this.patch(changed);
    this.version = newest;
    this.joined = null;
    return this;
  }

  /**
   * Reads the index in slices of rows, a turn of the event loop each, so the requests that come
   * meanwhile are served between them: read in one go at a new device's first pull page, it held
   * that page's answer and the screens' first search up for seconds on a loaded machine (issue 47).
   */
  warm(): Promise<void> {
    if (this.version > 0) return Promise.resolve();
    this.warming ??= this.readInSlices().finally(() => (this.warming = null));
    return this.warming;
  }

  private async readInSlices(): Promise<void> {
    const t = tables[this.table];
    const start = await this.newest();
    const byId = new Map<string, Entry | null>();
    const add = (rows: Record<string, unknown>[]) => {
      for (const row of rows) byId.set(String(row.id), row.deleted ? null : this.entryOf(row));
    };
    const select = () => this.db.select({ id: t.id, deleted: t.deleted, version: t.version, ...columns[this.table] }).from(t);
    for (let from = 0; ;) {
      const rows = (await select().where(gt(t.version, from)).orderBy(asc(t.version)).limit(warmSlice).all()) as Record<string, unknown>[];
      if (rows.length < warmSlice) {
        add(rows);
        break;
      }
      // One write's rows may go on past the slice: its version is read whole.
      const last = Number(rows.at(-1)!.version);
      add(rows.filter((row) => Number(row.version) < last));
      add((await select().where(eq(t.version, last)).all()) as Record<string, unknown>[]);
      from = last;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.version > 0) return; // read whole meanwhile (a REST search)
    // Rows written during the slices are above `start`: the next use patches them in (again).
    this.entries = [...byId.values()].filter((entry): entry is Entry => entry !== null).sort(compareSortKeys);
    this.byId.clear();
    for (const entry of this.entries) this.byId.set(entry.id, entry);
    this.version = start;
    this.joined = null;
    this.keepAlive(); // read ahead at a login and never searched: dropped after a while, as a used one is
  }

  get isWarming(): boolean {
    return this.warming !== null;
  }

  /** Whether the rows have been read (ahead, or by a search). */
  get isRead(): boolean {
    return this.version > 0;
  }

  private async newest(): Promise<number> {
    const t = tableOf(this.table);
    return Number(
      (
        await this.db
          .select({ v: max(t.version) })
          .from(t)
          .get()
      )?.v ?? 0,
    );
  }

  /** The page of rows matching every token (each starts a search word), in order, and how many match in all. */
  page(tokens: readonly string[], offset: number, size: number): { ids: string[]; total: number } {
    if (tokens.length === 0) return { ids: this.entries.slice(offset, offset + size).map((entry) => entry.id), total: this.entries.length };
    // The longest word is looked for in one string of every row's words (it matches the fewest rows),
    // the others in those rows' own words; the page is taken as the matches go by, the rest counted.
    const [first, ...rest] = [...tokens].sort((a, b) => b.length - a.length) as [string, ...string[]];
    const others = rest.map((token) => separator + token);
    const { all, starts } = this.text();
    const ids: string[] = [];
    let total = 0;
    let row = 0;
    // The word itself is looked for, then whether it starts one: V8 finds a needle that begins with
    // the separator several times slower (client/src/search/word-index.ts measured it).
    for (let at = all.indexOf(first); at >= 0;) {
      if (all.charCodeAt(at - 1) !== separatorCode) {
        at = all.indexOf(first, at + 1);
        continue;
      }
      while (row + 1 < starts.length && starts[row + 1]! <= at) row += 1;
      const entry = this.entries[row]!;
      if (others.every((word) => entry.words.includes(word))) {
        if (total >= offset && ids.length < size) ids.push(entry.id);
        total += 1;
      }
      at = row + 1 < starts.length ? all.indexOf(first, starts[row + 1]) : -1;
    }
    return { ids, total };
  }

  /** Every row's words in one string, in order, and where each row's begin: made again after a change. */
  private text(): { all: string; starts: Int32Array } {
    if (this.joined) return this.joined;
    const starts = new Int32Array(this.entries.length);
    let at = 0;
    this.entries.forEach((entry, i) => {
      starts[i] = at;
      at += entry.words.length + 1;
    });
    this.joined = { all: this.entries.map((entry) => entry.words).join(rowSeparator), starts };
    return this.joined;
  }

  private keepAlive(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.forget, idleMs);
    this.timer.unref?.();
  }

  private async rowsAbove(version: number, limit?: number): Promise<Record<string, unknown>[]> {
    const t = tables[this.table];
    const query = this.db
      .select({ id: t.id, deleted: t.deleted, ...columns[this.table] })
      .from(t)
      .where(gt(t.version, version));
    return (await (limit ? query.limit(limit) : query).all()) as Record<string, unknown>[];
  }

  private async readAll(): Promise<void> {
    this.byId.clear();
    const live = (await this.rowsAbove(0)).filter((row) => !row.deleted);
    this.entries = live.map((row) => this.entryOf(row)).sort(compareSortKeys);
    for (const entry of this.entries) this.byId.set(entry.id, entry);
  }

  private patch(rows: Record<string, unknown>[]): void {
    for (const row of rows) {
      const old = this.byId.get(String(row.id));
      if (old) {
        this.entries.splice(lowerBound(this.entries, old), 1);
        this.byId.delete(old.id);
      }
      if (row.deleted) continue;
      const entry = this.entryOf(row);
      this.entries.splice(lowerBound(this.entries, entry), 0, entry);
      this.byId.set(entry.id, entry);
    }
  }

  private entryOf(row: Record<string, unknown>): Entry {
    const words = searchWordsFor(this.table, row) ?? [];
    return { id: String(row.id), key: sortKeyFor(this.table, row), words: words.map((word) => separator + word).join('') };
  }
}

const tables = { items, customers };

// The columns searchWordsFor and sortKeyFor read, per table (the rest of a row is read for the page only).
const columns: Record<DownloadSearchTable, Record<string, SQLiteColumn>> = {
  items: { itemName: items.itemName, barcode: items.barcode },
  customers: {
    customerName: customers.customerName,
    contactPerson: customers.contactPerson,
    email: customers.email,
    phone: customers.phone,
    vehicles: customers.vehicles,
  },
};

/** First position whose entry is not before `entry`. */
function lowerBound(entries: readonly Entry[], entry: Entry): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareSortKeys(entries[mid]!, entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

// One index per database and table: a test's or a restored server's database gets its own.
const indexes = new WeakMap<Db, Map<DownloadSearchTable, SearchIndex>>();

/**
 * Reads the indexes ahead of their first search, in slices: a new device's first pull page says its
 * screens will search while it downloads, and the first search would otherwise wait for the read
 * (0.3 s at 50,000 items on a quiet machine, 1.6 s on a loaded one).
 */
export function warmSearchIndexes(db: Db): void {
  void (async () => {
    for (const table of downloadSearchTables) await indexOf(db, table).warm();
  })().catch(() => undefined); // the database closed meanwhile (a test's, a server stopping): the next search reads it
}

/** The table's search index, up to date with the database; a read ahead under way is waited for, not done again. */
export async function searchIndexReady(db: Db, table: DownloadSearchTable): Promise<SearchIndex> {
  await indexOf(db, table).warm();
  return searchIndex(db, table);
}

/** Whether the table's index is held, read (or being read) ahead of its first search. */
export function searchIndexHeld(db: Db, table: DownloadSearchTable): boolean {
  const index = indexes.get(db)?.get(table);
  return !!index && (index.isRead || index.isWarming);
}

/** The table's search index, up to date with the database. */
export async function searchIndex(db: Db, table: DownloadSearchTable): Promise<SearchIndex> {
  return indexOf(db, table).current();
}

function indexOf(db: Db, table: DownloadSearchTable): SearchIndex {
  let tables = indexes.get(db);
  if (!tables) indexes.set(db, (tables = new Map()));
  let index = tables.get(table);
  if (!index) {
    const forget = () => tables.delete(table);
    index = new SearchIndex(db, table, forget);
    tables.set(table, index);
  }
  return index;
}
