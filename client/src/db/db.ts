import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import type { SyncedRow, SyncedTable } from '../../../shared/sync/tables';
import type { RecordState } from '../../../shared/sync/messages';
import type { CategoryRow } from '../../../shared/schemas/category';
import { searchableTables, searchWordsFor, sortKeyFor } from './search-words';

/** An outbox entry: a named mutation waiting to be sent, in `seq` order (sync.md rule 2). */
export interface OutboxEntry {
  seq?: number;
  id: string;
  clientId: string;
  name: string;
  args: { id: string } & Record<string, unknown>;
  createdAt: string;
  /** `${table}:${id}` of the record it touches: a pull never overwrites a record with pending work. */
  recordKey: string;
}

/** A mutation the server refused: shown in the sync problems list until retried or discarded. */
export interface SyncProblem {
  key?: number;
  mutation: OutboxEntry;
  message: string;
  httpStatus: number;
  at: string;
  current: RecordState[];
}

export interface SyncStateEntry {
  key: 'cursor' | 'clientId' | 'lastSyncAt' | 'lastError';
  value: string;
}

export type GarageDb = Dexie & {
  categories: EntityTable<CategoryRow, 'id'>;
  customers: Table<SyncedRow, string>;
  items: Table<SyncedRow, string>;
  services: Table<SyncedRow, string>;
  company: Table<SyncedRow, string>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  problems: EntityTable<SyncProblem, 'key'>;
  syncState: EntityTable<SyncStateEntry, 'key'>;
};

/**
 * The device's database: a mirror of the synced tables (live rows only; tombstones delete) plus
 * the outbox. Indexes are declared here; add a new `version()` for any change, never edit one.
 */
export function createGarageDb(name = 'garage', options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }): GarageDb {
  const db = new Dexie(name, options) as GarageDb;
  db.version(1).stores({
    categories: 'id, name',
    customers: 'id, customerName',
    items: 'id, itemName, barcode, categoryId',
    services: 'id, serviceId, name',
    company: 'id',
    outbox: '++seq, &id, recordKey',
    problems: '++key',
    syncState: 'key',
  });
  // Search words (see search-words.ts) in a multi-entry index on every searchable table.
  db.version(2).stores({
    categories: 'id, name, *searchWords',
    customers: 'id, customerName, *searchWords',
    items: 'id, itemName, barcode, categoryId, stockQuantity, *searchWords',
    services: 'id, serviceId, name, *searchWords',
  }).upgrade((tx) => deriveLocalFields(tx));
  // A lower-cased sort key, so paged lists sort the way people read names.
  db.version(3).stores({
    categories: 'id, name, *searchWords, sortKey',
    customers: 'id, customerName, *searchWords, sortKey',
    items: 'id, itemName, barcode, categoryId, stockQuantity, *searchWords, sortKey',
    services: 'id, serviceId, name, *searchWords, sortKey',
  }).upgrade((tx) => deriveLocalFields(tx));
  addSearchWordHooks(db);
  return db;
}

// Hooks keep searchWords and sortKey right however a row is written (local mutation, pull, restore).
function addSearchWordHooks(db: GarageDb): void {
  for (const table of searchableTables) {
    const dexieTable = db.table(table);
    dexieTable.hook('creating', (_key, row) => {
      row.searchWords = searchWordsFor(table, row);
      row.sortKey = sortKeyFor(table, row);
    });
    dexieTable.hook('updating', (changes, _key, row) => {
      const next = { ...row, ...flatten(changes) };
      return { searchWords: searchWordsFor(table, next), sortKey: sortKeyFor(table, next) };
    });
  }
}

/** Rows stored before a version that added derived fields get them on upgrade. */
async function deriveLocalFields(tx: Transaction): Promise<void> {
  for (const table of searchableTables) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: Record<string, unknown>) => {
        row.searchWords = searchWordsFor(table, row);
        row.sortKey = sortKeyFor(table, row);
      });
  }
}

/** Dexie passes nested changes as 'a.b' keys; only top-level fields feed search words. */
function flatten(changes: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([key]) => !key.includes('.')));
}

export function syncedTable(db: GarageDb, table: SyncedTable): Table<SyncedRow, string> {
  return db.table(table);
}

export const recordKey = (table: SyncedTable, id: string) => `${table}:${id}`;
