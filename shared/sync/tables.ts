// Tables that every device mirrors. Each row carries id, a server `version` and a `deleted` tombstone flag.
export const syncedTables = ['categories', 'customers', 'items', 'services', 'company'] as const;
export type SyncedTable = (typeof syncedTables)[number];

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
