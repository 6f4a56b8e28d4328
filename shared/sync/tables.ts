import { entities, type EntityName } from '../entities';

// Tables that every device mirrors, one per entity declaration (shared/entities). Each row carries id,
// a server `version` and a `deleted` tombstone flag.
export type SyncedTable = EntityName;
export const syncedTables = Object.keys(entities) as readonly SyncedTable[];

/**
 * What a new device pulls first, whole, so that the catalogue and the customers are searchable within
 * seconds; with them comes the open work out of the history (open and suspended job cards, unpaid
 * invoices, with their lines: server/src/sync/pull.ts). The rest of the job cards, invoices, payments
 * and stock movements (history) comes after them.
 */
export const priorityTables: readonly SyncedTable[] = syncedTables.filter((table) => entities[table].priority);

export function isSyncedTable(value: string): value is SyncedTable {
  return (syncedTables as readonly string[]).includes(value);
}

export interface SyncedRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  [field: string]: unknown;
}

/** One record of one synced table. */
export interface RecordRef {
  table: SyncedTable;
  id: string;
}

/** `${table}:${id}`: how the outbox, the pull and a rejection name a record. */
export const recordKey = ({ table, id }: RecordRef) => `${table}:${id}`;

export function parseRecordKey(key: string): RecordRef | null {
  const colon = key.indexOf(':');
  const table = key.slice(0, colon);
  const id = key.slice(colon + 1);
  return colon > 0 && id && isSyncedTable(table) ? { table, id } : null;
}
