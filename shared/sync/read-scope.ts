import { can, type Permission, type Role } from '../domain/permissions';
import type { SyncedTable } from './tables';

/**
 * Who reads what (docs/decisions.md, Who reads what), written once: the columns of the synced
 * tables that only some roles read, each with the permission that reads it. Every other column
 * every role reads, so that selling, job cards and payments work offline for everyone. The pull,
 * the sync answers (records, search, a refusal's states) and every REST answer project their rows
 * through `projectRow`; a device keeps what it was sent, so it holds only what its user reads.
 */
export const restrictedColumns: Partial<Record<SyncedTable, Readonly<Record<string, Permission>>>> = {
  // What an item cost the shop, and so its margin: Admin and Manager only.
  items: { costPriceCents: 'readCostPrices' },
};

/** The tables with a column some role may not read. */
export const restrictedTables = Object.keys(restrictedColumns) as SyncedTable[];

/** The columns of `table` that `role` may not read (none: every one). */
export function hiddenColumns(role: Role | null | undefined, table: SyncedTable): string[] {
  const columns = restrictedColumns[table];
  if (!columns) return [];
  return Object.entries(columns)
    .filter(([, permission]) => !can(role, permission))
    .map(([column]) => column);
}

/** A row as `role` may read it: the same row when nothing of it is hidden, else a copy without those columns. */
export function projectRow<T extends Record<string, unknown>>(table: SyncedTable, row: T, role: Role | null | undefined): T {
  const hidden = hiddenColumns(role, table).filter((column) => column in row);
  if (hidden.length === 0) return row;
  const copy: Record<string, unknown> = { ...row };
  for (const column of hidden) delete copy[column];
  return copy as T;
}

/**
 * What a role's device may hold, as `table.column` of every column hidden from it, sorted: two
 * roles that read the same (Admin, Manager) have the same scope, so switching between them costs nothing.
 */
export function readScopeOf(role: Role | null | undefined): string[] {
  return restrictedTables.flatMap((table) => hiddenColumns(role, table).map((column) => `${table}.${column}`)).sort();
}

/** What changes on a device whose mirror was pulled for scope `before` when its user now reads `after`. */
export function scopeChange(before: readonly string[], after: readonly string[]) {
  const drop = after.filter((column) => !before.includes(column));
  const fetch = before.filter((column) => !after.includes(column));
  const tablesOf = (columns: string[]) => [...new Set(columns.map((column) => column.split('.')[0] as SyncedTable))];
  return { drop, fetch, dropTables: tablesOf(drop), fetchTables: tablesOf(fetch) };
}
