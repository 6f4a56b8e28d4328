import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie';
import type { SyncedTable } from '@shared/sync/tables';
import { searchableTables, searchWordsFor, sortKeyFor } from '@shared/domain/search-words';
import { entities } from '@shared/entities';

/**
 * searchWords and sortKey (and localStamp where the table indexes it), set on every row a write stores, however it is written (a local
 * mutation, a pull page, a reset), in the write's own batch.
 *
 * Why not Dexie's 'creating'/'updating' hooks: with a hook on a table, every bulkPut first reads
 * the rows it would overwrite (to tell a create from an update), one more IndexedDB request per
 * page of a first sync for nothing. At DBCore level a put carries whole rows (a modify or an
 * update arrives as the rows after the change), so the fields are computed from the row alone.
 */
export function derivedFieldsMiddleware(): Middleware<DBCore> {
  const searchable = new Set<string>(searchableTables);
  return {
    stack: 'dbcore',
    name: 'derivedFields',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (!searchable.has(name)) return table;
          const stamped = table.schema.indexes.some((index) => index.name === 'localStamp');
          return {
            ...table,
            mutate(req: DBCoreMutateRequest) {
              if (req.type !== 'put' && req.type !== 'add') return table.mutate(req);
              const stamp = stamped ? Date.now() : undefined;
              return table.mutate({ ...req, values: req.values.map((row) => withDerivedFields(name as SyncedTable, row, stamp)) });
            },
          };
        },
      };
    },
  };
}

/**
 * The fields a device derives from a row: its search words and sort key, and those its entity
 * declares for an index of its own (shared/entities: an item's needsStock, which the bell reads
 * through an index instead of every item).
 */
export function derivedFieldsOf(table: SyncedTable, row: Record<string, unknown>): Record<string, unknown> {
  const own = (entities[table].deviceFields as ((row: Record<string, unknown>) => Record<string, unknown>) | undefined)?.(row);
  return { searchWords: searchWordsFor(table, row), sortKey: sortKeyFor(table, row), ...own };
}

/** The row with its derived fields: set in place (the rows are the writer's own), copied when frozen. */
function withDerivedFields(table: SyncedTable, value: unknown, stamp: number | undefined): unknown {
  if (!value || typeof value !== 'object') return value;
  const row = value as Record<string, unknown>;
  const fields = derivedFieldsOf(table, row);
  // When this device stored the row (tables searched in memory: the search snapshot reads what
  // changed since it was taken through this field's index, search/snapshot.ts).
  if (stamp !== undefined) fields.localStamp = stamp;
  return Object.isFrozen(row) ? { ...row, ...fields } : Object.assign(row, fields);
}

/**
 * The keys a write stores or deletes ('all' for a range), its IndexedDB transaction, and what the
 * keys hold after it: the rows a put stores (with their derived fields), none for a delete
 * (`[]`), undefined for a range.
 */
type WriteListener = (keys: string[] | 'all', trans: IDBTransaction, rows: readonly unknown[] | undefined) => void;
const listeners = new Map<string, Set<WriteListener>>();

/**
 * Tells listeners which keys of a table a write of this tab is about to store or delete, when the
 * write is made (before it commits): Dexie re-runs live queries optimistically before the commit, and
 * an in-memory index (search/table-index.ts) must know by then. A range delete tells 'all'. Installed
 * below derivedFieldsMiddleware, so a put's rows carry their search words and sort key.
 */
export function writeListenersMiddleware(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'writeListeners',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate(req: DBCoreMutateRequest) {
              const targets = listeners.get(`${down.schema.name}/${name}`);
              if (targets?.size) {
                const keys = keysWritten(req);
                const rows = req.type === 'put' || req.type === 'add' ? req.values : req.type === 'delete' ? [] : undefined;
                // Dexie's IndexedDB core hands its middlewares the native transaction.
                for (const listener of targets) listener(keys, req.trans as unknown as IDBTransaction, rows);
                // A put or add refused row by row (a key taken, a unique index) without undoing the
                // transaction stored nothing under those keys: told again without rows, they are read.
                if (rows?.length && (req.type === 'put' || req.type === 'add')) {
                  return table.mutate(req).then((result) => {
                    if (result.numFailures > 0) {
                      const failed = Object.keys(result.failures)
                        .map((at) => req.keys?.[Number(at)] ?? (req.values[Number(at)] as { id?: unknown } | undefined)?.id)
                        .filter((key): key is string => typeof key === 'string');
                      for (const listener of targets) listener(failed, req.trans as unknown as IDBTransaction, undefined);
                    }
                    return result;
                  });
                }
              }
              return table.mutate(req);
            },
          };
        },
      };
    },
  };
}

export function keysWritten(req: DBCoreMutateRequest): string[] | 'all' {
  switch (req.type) {
    case 'add':
    case 'put':
      return (req.keys ?? req.values.map((row) => (row as { id?: unknown } | undefined)?.id)).filter((key): key is string => typeof key === 'string');
    case 'delete':
      return req.keys.filter((key): key is string => typeof key === 'string');
    case 'deleteRange':
      return 'all';
  }
}

/** Calls `listener` with the keys of each write to `table` of database `dbName` made in this tab. */
export function onTableWrites(dbName: string, table: string, listener: WriteListener): () => void {
  const key = `${dbName}/${table}`;
  if (!listeners.has(key)) listeners.set(key, new Set());
  listeners.get(key)!.add(listener);
  return () => listeners.get(key)?.delete(listener);
}
