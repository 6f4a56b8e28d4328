import Dexie, { cmp, type IntervalTree, type ObservabilitySet, type Table } from 'dexie';
import { onTableWrites } from '../db/derived-fields';

/** The keys of a table that changed, or 'all' when a change was not a set of keys (a clear, a range delete). */
export type ChangeListener = (keys: readonly string[] | 'all') => void;

// Listeners by the table's primary-key part in Dexie's change events, `idb://<db>/<table>/`.
const byPart = new Map<string, Set<ChangeListener>>();

/**
 * Tells `listener` of every change to `table`: this tab's writes as they are made, other tabs' as
 * they commit. The only code of the search that watches Dexie for changes.
 */
export function watchTableChanges(table: Table, listener: ChangeListener): void {
  const part = `idb://${table.db.name}/${table.name}/`;
  let listeners = byPart.get(part);
  if (!listeners) {
    const all = new Set<ChangeListener>();
    byPart.set(part, all);
    // This tab's writes are seen as they are made (db/derived-fields.ts, before they commit): Dexie
    // re-runs live queries optimistically before a write commits (and before its change event), and
    // the index must know by then. The patch reads the rows after the commit (a read waits for the
    // write's transaction).
    onTableWrites(table.db.name, table.name, (keys, trans) => {
      noteOwnWrite(trans);
      for (const each of all) each(keys);
    });
    listeners = all;
  }
  listeners.add(listener);
}

/**
 * This tab's write transactions, each of whose writes the listeners were told key by key as it was
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
    const listeners = byPart.get(part);
    if (!listeners) continue;
    const keys = changedKeys(tree);
    for (const listener of listeners) listener(keys ?? 'all');
  }
});
