import Dexie, { RangeSet, type DBCore, type DBCoreMutateRequest, type Middleware, type Table } from 'dexie';
import { searchableTables } from '@shared/domain/search-words';
import { keysWritten, onTableWrites } from './derived-fields';

/**
 * The search's change feed: the only code that tells the in-memory indexes which rows changed.
 * - This tab's writes: the write middleware (db/derived-fields.ts) tells their exact keys as they
 *   are made, before they commit: Dexie re-runs live queries optimistically before a write commits,
 *   and an index must know by then. (The patch reads the rows after the commit: a read waits for the
 *   write's transaction.)
 * - Other tabs' (and workers') writes: each context posts the keys its writes stored or deleted on
 *   a BroadcastChannel of its own once their transaction has completed (`searchChangesMiddleware`,
 *   installed on every database), and listens on it.
 * Exact keys both ways, so a first sync's 2,000-row pages written in another tab are patched into
 * an index too, not rebuilt (Dexie's own change event reports a put of 50 rows or more as the
 * table's whole range).
 */

/**
 * The keys of a table that changed, or 'all' when a change was not a set of keys (a clear, a range
 * delete); with this tab's writes, what the keys now hold (`rows`: a put's rows, `[]` for a delete),
 * so an index need not read back what was just written (a first sync's 70,000 rows, issue 47).
 */
export type ChangeListener = (keys: readonly string[] | 'all', rows?: readonly unknown[]) => void;

/** What one context tells the others after a write transaction completed. */
export interface ChangeMessage {
  db: string;
  table: string;
  keys: string[] | 'all';
}

export const changesChannelName = 'garage-search-changes';

const listeners = new Map<string, Set<ChangeListener>>();
const tell = (db: string, table: string, keys: readonly string[] | 'all', rows?: readonly unknown[]) => {
  for (const listener of listeners.get(`${db}/${table}`) ?? []) listener(keys, rows);
};

// One channel for posting and listening: a BroadcastChannel is not sent its own messages, and this
// context's writes reach its listeners through the write middleware.
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(changesChannelName);
// In Node (tests, scripts) an open channel would keep the process alive.
(channel as { unref?: () => void } | null)?.unref?.();

if (channel) {
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<ChangeMessage> | null;
    if (!message || typeof message.db !== 'string' || typeof message.table !== 'string') return;
    const keys = message.keys === 'all' ? 'all' : Array.isArray(message.keys) ? message.keys.filter((key): key is string => typeof key === 'string') : null;
    if (!keys || !listeners.has(`${message.db}/${message.table}`)) return;
    tell(message.db, message.table, keys);
    // Dexie's own message of that commit may have re-run this tab's live queries before this one
    // arrived, against an index that did not know yet: run the table's live queries again (Dexie's
    // public trigger, with the changed keys of the table's primary key).
    const part = `idb://${message.db}/${message.table}/`;
    Dexie.on('storagemutated').fire({ [part]: keys === 'all' ? new RangeSet(-Infinity, [[]]) : new RangeSet().addKeys(keys) });
  };
}

/** Tells `listener` of every change to `table`, this tab's as they are made, other contexts' as they commit. */
export function watchTableChanges(table: Table, listener: ChangeListener): void {
  const name = `${table.db.name}/${table.name}`;
  let targets = listeners.get(name);
  if (!targets) {
    targets = new Set();
    listeners.set(name, targets);
    onTableWrites(table.db.name, table.name, (keys, trans, rows) => {
      tell(table.db.name, table.name, keys, rows);
      // Told before the commit: if the write is undone, what the keys hold is read again.
      if (rows && keys !== 'all') trans.addEventListener('abort', () => tell(table.db.name, table.name, keys));
    });
  }
  targets.add(listener);
}

/** The keys a transaction wrote, by table, until it completes. */
const written = new WeakMap<IDBTransaction, Map<string, Set<string> | 'all'>>();

function noteWrite(db: string, table: string, keys: string[] | 'all', trans: IDBTransaction): void {
  let tables = written.get(trans);
  if (!tables) {
    const collected = new Map<string, Set<string> | 'all'>();
    tables = collected;
    written.set(trans, collected);
    trans.addEventListener('complete', () => {
      for (const [name, keys] of collected) {
        const message: ChangeMessage = { db, table: name, keys: keys === 'all' ? 'all' : [...keys] };
        channel?.postMessage(message);
      }
    });
  }
  const known = tables.get(table);
  if (keys === 'all' || known === 'all') tables.set(table, 'all');
  else if (known) for (const key of keys) known.add(key);
  else tables.set(table, new Set(keys));
}

/**
 * Posts the keys each write of a searched table stored or deleted to the other contexts once its
 * transaction has completed (an aborted one posts nothing). Installed on every database
 * (db/db.ts), whether or not this context searches.
 */
export function searchChangesMiddleware(): Middleware<DBCore> {
  const searched = new Set<string>(searchableTables);
  return {
    stack: 'dbcore',
    name: 'searchChanges',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (!searched.has(name) || !channel) return table;
          return {
            ...table,
            mutate(req: DBCoreMutateRequest) {
              // Dexie's IndexedDB core hands its middlewares the native transaction.
              noteWrite(down.schema.name, name, keysWritten(req), req.trans as unknown as IDBTransaction);
              return table.mutate(req);
            },
          };
        },
      };
    },
  };
}
