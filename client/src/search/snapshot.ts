import type { Table } from 'dexie';
import { compareEntries, rowSeparator, separator, type Entry } from './entries';
import type { SearchRow } from './types';
import type { SearchSnapshot } from '../db/search-snapshot';
import { PackedEntries } from './packed-entries';
import { WordIndex } from './word-index';
import { buildChunk, quickQueryPauseMs, snapshotHeadRows } from './tuning';

/**
 * A table's in-memory index kept on the device between visits, so the first search after a list
 * opens does not wait for the index to be built from every row (2.2 s at 50,000 items). Stored in
 * the device's own database, in a table that is never synced (`searchSnapshots`): a few big
 * strings, as IndexedDB copies a string far faster than 50,000 small objects.
 *
 * Two records a table: its first `snapshotHeadRows` entries in sort order under the table's name,
 * and every entry under `<name>+all`. The first is small and read first: a page of the first rows
 * it holds whole is answered from it while the second is still being read (the top bar's first
 * keystrokes after a reload, issue 28). The second repeats the first part's entries so that its
 * words are one string as read: joining two would copy 20 MB at the first search. A record of an
 * older version, without `total`, holds every entry alone.
 *
 * `stamp`: the snapshot holds every change stored with a `localStamp` (db/derived-fields.ts) up to
 * it; the rows stamped after it are read by that index and patched in when it is loaded. The record's
 * type is the database's (db/search-snapshot.ts).
 */

type Encoded = Pick<SearchSnapshot, 'count' | 'ids' | 'keys' | 'words'>;

export const snapshotsTable = 'searchSnapshots';
const stampIndex = 'localStamp';
const allOf = (name: string) => `${name}+all`;

/** The index as three strings; null when an id or a key holds a separator (it could not be read back). */
export function encodeSnapshot(entries: readonly Entry[]): Encoded | null {
  const ids = entries.map((entry) => entry.id);
  const keys = entries.map((entry) => entry.key);
  const unsafe = (text: string) => text.includes(rowSeparator) || text.includes(separator);
  if (ids.some(unsafe) || keys.some(unsafe)) return null;
  return { count: entries.length, ids: ids.join(rowSeparator), keys: keys.join(rowSeparator), words: entries.map((entry) => entry.words).join(rowSeparator) };
}

/** The table's snapshot store, when its rows carry a local stamp (items, customers, job cards, invoices) and the database keeps snapshots. */
function storeOf<T extends SearchRow>(table: Table<T, string>): Table<SearchSnapshot, string> | null {
  const stamped = table.schema.idxByName[stampIndex] !== undefined;
  const kept = table.db.tables.some((each) => each.name === snapshotsTable);
  return stamped && kept ? table.db.table<SearchSnapshot, string>(snapshotsTable) : null;
}

export const keepsSnapshots = <T extends SearchRow>(table: Table<T, string>) => storeOf(table) !== null;

/** The first part of a snapshot, with the rows stored since patched in: it answers a page that lies within it. */
export interface SnapshotHead {
  index: WordIndex;
  /** It holds every row of the table: any page of it is the table's. */
  whole: boolean;
}

/**
 * The table's index as last saved, with the rows stored since patched in; null when there is none,
 * it cannot be trusted (its stamp ahead of the clock: the clock went back, and rows stored since may
 * carry older stamps), or more rows changed since than `maxChanged` (a build is then cheaper).
 * `onHead` is given the first part as soon as it is read, before the rest is.
 */
export async function loadSnapshot<T extends SearchRow>(
  table: Table<T, string>,
  maxChanged: number,
  toEntries: (rows: T[]) => Entry[],
  onHead?: (head: SnapshotHead) => void,
): Promise<{ index: WordIndex; changed: number; outdated: boolean } | null> {
  const store = storeOf(table);
  if (!store) return null;
  const lane = wholeLane(table);
  expect('heads');
  expect(lane);
  try {
    return await loadBoth(table, store, lane, maxChanged, toEntries, onHead);
  } finally {
    done(lane);
  }
}

async function loadBoth<T extends SearchRow>(
  table: Table<T, string>,
  store: Table<SearchSnapshot, string>,
  lane: Lane,
  maxChanged: number,
  toEntries: (rows: T[]) => Entry[],
  onHead?: (head: SnapshotHead) => void,
): Promise<{ index: WordIndex; changed: number; outdated: boolean } | null> {
  const head = await inTurn('heads', async () => {
    const snapshot = await store.get(table.name);
    if (!snapshot || !(snapshot.stamp <= Date.now())) return null;
    const changed = await table.where(stampIndex).above(snapshot.stamp).primaryKeys();
    if (changed.length > maxChanged) return null;
    const entries = PackedEntries.of(snapshot);
    return entries ? { snapshot, changed, entries } : null;
  });
  if (!head) return null;
  const { snapshot, changed, entries } = head;
  const whole = snapshot.total === undefined || snapshot.total === snapshot.count;
  // A first part of a bigger table holds some rows, not all: otherwise it could not bound the changed rows.
  if (!whole && !(snapshot.count > 0 && snapshot.count < snapshot.total!)) return null;
  const fresh = changed.length > 0 ? await entriesStampedAfter(table, snapshot.stamp, toEntries) : [];
  const first = await headIndex(entries, whole, changed, fresh);
  onHead?.(first);
  // Saved by an older version in one record: saved again in two, so the next visit reads the first part first.
  const outdated = snapshot.total === undefined && snapshot.count > snapshotHeadRows;
  if (whole) return { index: first.index, changed: changed.length, outdated };
  const all = await inTurn(lane, async () => {
    const record = await store.get(allOf(table.name));
    return record && record.stamp === snapshot.stamp && record.count === snapshot.total ? PackedEntries.of(record) : null;
  });
  if (!all) return null;
  const index = new WordIndex(all);
  return { index: changed.length ? await index.patched(changed, fresh) : index, changed: changed.length, outdated };
}

/** The first part as an index of its own, the changed rows that now sort within it patched in. */
async function headIndex(entries: PackedEntries, whole: boolean, changed: string[], fresh: Entry[]): Promise<SnapshotHead> {
  const index = new WordIndex(entries);
  if (changed.length === 0) return { index, whole };
  const last = entries.count > 0 ? entries.entryAt(entries.count - 1) : undefined;
  const within = whole || !last ? fresh : fresh.filter((entry) => compareEntries(entry, last) < 0);
  return { index: await index.patched(changed, within), whole };
}

/**
 * The rows stamped after the snapshot, read through the stamp index in build-sized pages, each one
 * request and a task of its own: a bulkGet of the 2,000 rows a first sync's catalogue page may leave
 * unsaved asks for each row alone and held a phone's thread 0.65 s when the dashboard opened
 * (issue 25). A row stamped since the keys were read comes too: patching it in is right, and its
 * change event does the same.
 */
async function entriesStampedAfter<T extends SearchRow>(table: Table<T, string>, stamp: number, toEntries: (rows: T[]) => Entry[]): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let at = 0; ; at += buildChunk) {
    const rows = await table.where(stampIndex).above(stamp).offset(at).limit(buildChunk).toArray();
    for (const entry of toEntries(rows)) entries.push(entry);
    if (rows.length < buildChunk) return entries;
  }
}

/**
 * How snapshots are read. A big shop's job cards and invoices are about 20 MB of strings each; read
 * all at once (the top bar asks for five tables at its first keystroke), every read, a 200-row
 * table's and the customers' included, finished only when the last did, 2 s after a reload (issue
 * 28). So the first parts come first, all at once (they are small); then, one at a time, the whole
 * records of the tables searched only in memory (items, customers: a search waits for them); then
 * those of job cards and invoices (IndexedDB answers their searches meanwhile), and those only while
 * no top bar keystroke has asked for rows for a moment. A queue's reads wait while a load started
 * before them still has a read to make in an earlier queue, so items' whole record is not read beside
 * job cards' however their turns fall.
 */
type Lane = 'heads' | 'waited' | 'answeredMeanwhile';
const lanes: readonly Lane[] = ['heads', 'waited', 'answeredMeanwhile'];
const wholeLane = (table: Table): Lane => (table.schema.idxByName.searchWords ? 'answeredMeanwhile' : 'waited');
const queues: Record<Exclude<Lane, 'heads'>, Promise<unknown>> = { waited: Promise.resolve(), answeredMeanwhile: Promise.resolve() };
/** Reads still to be made in each queue, counted from the start of their load. */
const expected: Record<Lane, number> = { heads: 0, waited: 0, answeredMeanwhile: 0 };
const resumes: (() => void)[] = [];

function expect(lane: Lane): void {
  expected[lane] += 1;
}

/** A load's read in this queue is made, or will not be (it ended before it): a later queue may go on. */
function done(lane: Lane): void {
  expected[lane] -= 1;
  for (const resume of resumes.splice(0)) resume();
}

async function earlierQueuesDone(lane: Lane): Promise<void> {
  const earlier = lanes.slice(0, lanes.indexOf(lane));
  const busy = () => earlier.some((each) => expected[each] > 0);
  // Checked again after the pause: a load may have started during it.
  while (busy() || (lane === 'answeredMeanwhile' && (await quickQueriesPaused()))) {
    if (busy()) await new Promise<void>((resolve) => resumes.push(resolve));
  }
}

/** When a caller last asked for a few rows at once (a top bar keystroke: PageQuery.rowsOnly). */
let quickQueryAt = -Infinity;

/**
 * A caller asks for a few rows now (the top bar's keystroke). Job cards' and invoices' whole records
 * (20 MB each) are not read until such queries pause: their rows' reads waited behind them in
 * IndexedDB, and the keystrokes typed at once after a reload took up to 77 ms to every kind. The
 * first parts and IndexedDB's own indexes answer those two tables meanwhile.
 */
export function noteQuickQuery(): void {
  quickQueryAt = performance.now();
}

/** Waits until no quick query has come for the pause; true when it had to wait. */
async function quickQueriesPaused(): Promise<boolean> {
  let waited = false;
  for (let wait = quickQueryAt + quickQueryPauseMs - performance.now(); wait > 0; wait = quickQueryAt + quickQueryPauseMs - performance.now()) {
    waited = true;
    await new Promise((resolve) => (setTimeout(resolve, wait) as { unref?: () => void }).unref?.());
  }
  return waited;
}

/** `read` in its queue's turn, once the earlier queues have no read to make; a first part's read counts as made when it is. */
function inTurn<R>(lane: Lane, read: () => Promise<R>): Promise<R> {
  const run = async () => {
    await earlierQueuesDone(lane);
    return read();
  };
  // The first parts (a few hundred kilobytes each) are read all at once: one after another, the last
  // of four was read up to 110 ms after the box's focus, and a second keystroke typed at once waited.
  if (lane === 'heads') {
    const turn = run();
    const made = () => done('heads');
    turn.then(made, made);
    return turn;
  }
  const turn = queues[lane].then(run, run);
  queues[lane] = turn.catch(() => undefined);
  return turn;
}

/** Saves the index as holding every change stamped up to `stamp`: its first rows and every row, in one transaction. */
export async function saveSnapshot<T extends SearchRow>(table: Table<T, string>, index: WordIndex, stamp: number): Promise<void> {
  const store = storeOf(table);
  const entries = index.all();
  const all = store ? encodeSnapshot(entries) : null;
  if (!store || !all) return;
  if (entries.length <= snapshotHeadRows) {
    await store.db.transaction('rw', store, async () => {
      await store.put({ table: table.name, stamp, total: entries.length, ...all });
      await store.delete(allOf(table.name));
    });
    return;
  }
  const head = encodeSnapshot(entries.slice(0, snapshotHeadRows))!;
  await store.bulkPut([
    { table: table.name, stamp, total: entries.length, ...head },
    { table: allOf(table.name), stamp, ...all },
  ]);
}
