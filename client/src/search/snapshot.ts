import type { Table } from 'dexie';
import { compareEntries, rowSeparator, separator, type Entry } from './entries';
import type { SearchRow } from './types';
import { WordIndex } from './word-index';
import { buildChunk } from './tuning';

/**
 * A table's in-memory index kept on the device between visits, so the first search after a list
 * opens does not wait for the index to be built from every row (2.2 s at 50,000 items). Stored in
 * the device's own database, in a table that is never synced (`searchSnapshots`): a few big
 * strings, as IndexedDB copies a string far faster than 50,000 small objects.
 *
 * `stamp`: the snapshot holds every change stored with a `localStamp` (db/derived-fields.ts) up to
 * it; the rows stamped after it are read by that index and patched in when it is loaded.
 */
export interface SearchSnapshot {
  table: string;
  stamp: number;
  /** How many entries; each string below holds as many parts, in sort order. */
  count: number;
  /** The ids, joined by the row separator. */
  ids: string;
  /** The sort keys, joined by the row separator. */
  keys: string;
  /** The entries' words (each word preceded by its separator), joined by the row separator. */
  words: string;
}

export const snapshotsTable = 'searchSnapshots';
const stampIndex = 'localStamp';

/** The index as three strings; null when an id or a key holds a separator (it could not be read back). */
export function encodeSnapshot(entries: readonly Entry[]): Pick<SearchSnapshot, 'count' | 'ids' | 'keys' | 'words'> | null {
  const ids = entries.map((entry) => entry.id);
  const keys = entries.map((entry) => entry.key);
  const unsafe = (text: string) => text.includes(rowSeparator) || text.includes(separator);
  if (ids.some(unsafe) || keys.some(unsafe)) return null;
  return { count: entries.length, ids: ids.join(rowSeparator), keys: keys.join(rowSeparator), words: entries.map((entry) => entry.words).join(rowSeparator) };
}

/** The entries again; null when the strings do not agree with each other or are out of order. */
export function decodeSnapshot(snapshot: Pick<SearchSnapshot, 'count' | 'ids' | 'keys' | 'words'>): Entry[] | null {
  if (snapshot.count === 0) return [];
  const ids = snapshot.ids.split(rowSeparator);
  const keys = snapshot.keys.split(rowSeparator);
  const words = snapshot.words.split(rowSeparator);
  if (ids.length !== snapshot.count || keys.length !== snapshot.count || words.length !== snapshot.count) return null;
  const entries = new Array<Entry>(snapshot.count);
  for (let i = 0; i < entries.length; i++) {
    entries[i] = { id: ids[i]!, key: keys[i]!, words: words[i]! };
    if (i > 0 && compareEntries(entries[i - 1]!, entries[i]!) >= 0) return null;
  }
  return entries;
}

/** The table's snapshot store, when its rows carry a local stamp (items, customers, job cards, invoices) and the database keeps snapshots. */
function storeOf<T extends SearchRow>(table: Table<T, string>): Table<SearchSnapshot, string> | null {
  const stamped = table.schema.idxByName[stampIndex] !== undefined;
  const kept = table.db.tables.some((each) => each.name === snapshotsTable);
  return stamped && kept ? table.db.table<SearchSnapshot, string>(snapshotsTable) : null;
}

export const keepsSnapshots = <T extends SearchRow>(table: Table<T, string>) => storeOf(table) !== null;

/**
 * The table's index as last saved, with the rows stored since patched in; null when there is none,
 * it cannot be trusted (its stamp ahead of the clock: the clock went back, and rows stored since may
 * carry older stamps), or more rows changed since than `maxChanged` (a build is then cheaper).
 */
export async function loadSnapshot<T extends SearchRow>(
  table: Table<T, string>,
  maxChanged: number,
  toEntries: (rows: T[]) => Entry[],
): Promise<{ index: WordIndex; changed: number } | null> {
  const store = storeOf(table);
  if (!store) return null;
  const read = await oneAtATime(table, async () => {
    const snapshot = await store.get(table.name);
    if (!snapshot || !(snapshot.stamp <= Date.now())) return null;
    const changed = await table.where(stampIndex).above(snapshot.stamp).primaryKeys();
    if (changed.length > maxChanged) return null;
    const entries = decodeSnapshot(snapshot);
    return entries ? { snapshot, changed, index: new WordIndex(entries, undefined, snapshot.words) } : null;
  });
  if (!read) return null;
  const { snapshot, changed, index } = read;
  if (changed.length === 0) return { index, changed: 0 };
  // Read through the stamp index in build-sized pages, each one request and a task of its own: a
  // bulkGet of the 2,000 rows a first sync's catalogue page may leave unsaved asks for each row
  // alone and held a phone's thread 0.65 s when the dashboard opened (issue 25). A row stamped
  // since the keys were read comes too: patching it in is right, and its change event does the same.
  const entriesOf: Entry[] = [];
  for (let at = 0; ; at += buildChunk) {
    const rows = await table.where(stampIndex).above(snapshot.stamp).offset(at).limit(buildChunk).toArray();
    for (const entry of toEntries(rows)) entriesOf.push(entry);
    if (rows.length < buildChunk) break;
  }
  return { index: await index.patched(changed, entriesOf), changed: changed.length };
}

/**
 * Snapshots are read one at a time, in the order asked. A big shop's job cards and invoices are about
 * 25 MB of strings each; read all at once (the top bar asks for five tables at its first keystroke),
 * every read, a 200-row table's and the customers' included, finished only when the last did, 2 s
 * after a reload (issue 28). One after another, the first asked (the customers, for a phone) is
 * searchable as soon as its own read is done. Two queues: a table whose search waits for its index
 * (items, customers: no words index in IndexedDB) never waits behind job cards' or invoices', whose
 * searches IndexedDB answers meanwhile.
 */
const queues = { waited: Promise.resolve() as Promise<unknown>, answeredMeanwhile: Promise.resolve() as Promise<unknown> };
function oneAtATime<R>(table: Table, read: () => Promise<R>): Promise<R> {
  const lane = table.schema.idxByName.searchWords ? 'answeredMeanwhile' : 'waited';
  const turn = queues[lane].then(read, read);
  queues[lane] = turn.catch(() => undefined);
  return turn;
}

/** Saves the index as holding every change stamped up to `stamp`. */
export async function saveSnapshot<T extends SearchRow>(table: Table<T, string>, index: WordIndex, stamp: number): Promise<void> {
  const store = storeOf(table);
  const encoded = store ? encodeSnapshot(index.all()) : null;
  if (!store || !encoded) return;
  await store.put({ table: table.name, stamp, ...encoded });
}
