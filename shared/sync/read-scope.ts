import { can, type Permission, type Role } from '../domain/permissions';
import type { SyncedTable } from './tables';
import { entities, plainEntityNames } from '../entities';

/**
 * Who reads what (docs/decisions.md, Who reads what), written once: the columns of the synced
 * tables that only some roles read, each with the permission that reads it, and the tables whose
 * rows only some roles read whole (`restrictedRows`, below). Everything else every role reads, so
 * that selling, job cards and payments work offline for everyone. The pull, the sync answers
 * (records, search, a refusal's states) and every REST answer project their rows through
 * `projectRow` and leave out those `readsRow` refuses; a device keeps what it was sent, so it holds
 * only what its user reads.
 */
export const restrictedColumns: Partial<Record<SyncedTable, Readonly<Record<string, Permission>>>> = {
  // What an item cost the shop, and so its margin: Admin and Manager only.
  // The last cost a receipt paid is a cost too (issue 44).
  items: { costPriceCents: 'readCostPrices', lastCostCents: 'readCostPrices' },
  // What the shop pays its suppliers (issue 44): Staff receive orders without their costs.
  // A part's cost at its sale (issue 44), and so the sale's margin.
  invoiceLines: { costCents: 'readCostPrices' },
  purchaseOrders: { totalCents: 'readCostPrices' },
  purchaseOrderLines: { unitCostCents: 'readCostPrices' },
  goodsReceipts: { totalCents: 'readCostPrices' },
  goodsReceiptLines: { unitCostCents: 'readCostPrices' },
  // A plain entity's fields say who reads them (shared/entities/plain-fields.ts, `readableBy`).
  ...plainRestrictedColumns(),
};

function plainRestrictedColumns(): Partial<Record<SyncedTable, Record<string, Permission>>> {
  const found: Partial<Record<SyncedTable, Record<string, Permission>>> = {};
  for (const name of plainEntityNames) {
    const { fields, storedName } = entities[name].plain;
    for (const [key, field] of Object.entries(fields) as [string, { readableBy?: Permission }][]) {
      if (field.readableBy) (found[name] ??= {})[storedName(key)] = field.readableBy;
    }
  }
  return found;
}

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

/** Who reads, for the row rules: the role, the register the reading device is, and the user. */
export interface Reader {
  role: Role;
  /** The reading device's register code, as the server gave it; '' for none (REST, a device it does not know). */
  register: string;
  userId: string;
}

/** A row column matched against the reader's own value of the same name. */
type OwnColumn = Exclude<keyof Reader, 'role'>;

/**
 * The tables whose rows only some roles read whole: a register's cash (issue 42). A reader with
 * `readAll` reads every row; any other the rows whose `own` column holds its own value.
 */
export const restrictedRows: Partial<Record<SyncedTable, { readAll: Permission; own: readonly OwnColumn[] }>> = {
  // Counted and expected cash, differences and their reasons: the register's own, and the Managers'.
  drawerSessions: { readAll: 'viewFinancials', own: ['register'] },
  drawerMoves: { readAll: 'viewFinancials', own: ['register'] },
  // Its register's drawer expenses, and those its user recorded: a card, bank or REST expense has no
  // register, and what a cashier paid and typed in is no secret to them (their list shows it).
  expenses: { readAll: 'viewFinancials', own: ['register', 'userId'] },
  // What the shop owes its suppliers and what it sent back (issue 44): costs, every row of them, so no
  // Staff device holds any (`own` names nothing: a reader without the permission reads no row).
  supplierBills: { readAll: 'readCostPrices', own: [] },
  supplierBillLines: { readAll: 'readCostPrices', own: [] },
  supplierPayments: { readAll: 'readCostPrices', own: [] },
  supplierReturns: { readAll: 'readCostPrices', own: [] },
  supplierReturnLines: { readAll: 'readCostPrices', own: [] },
};

const rowTables = (Object.keys(restrictedRows) as SyncedTable[]).sort();

/** The rows of a table a reader reads: those matching any `[column, value]`; null: every row. */
export type RowRule = readonly (readonly [OwnColumn, string])[];

/** The rows of `table` that `reader` reads; an empty own value (no register) matches nothing. */
export function rowRuleOf(reader: Reader, table: SyncedTable): RowRule | null {
  const rows = restrictedRows[table];
  if (!rows || can(reader.role, rows.readAll)) return null;
  return rows.own.filter((column) => reader[column] !== '').map((column) => [column, reader[column]] as const);
}

export function keepsRow(rule: RowRule | null, row: Record<string, unknown>): boolean {
  return rule === null || rule.some(([column, value]) => row[column] === value);
}

/** Whether `reader` reads this row of `table`. A tombstone ({ id, version, deleted }) names nothing: it passes. */
export function readsRow(reader: Reader, table: SyncedTable, row: Record<string, unknown>): boolean {
  return row.deleted === true || keepsRow(rowRuleOf(reader, table), row);
}

// A row rule as the scope names it: `expenses?register=DAB12|userId=<id>`, `drawerSessions?*` (every
// row) or `drawerSessions?` (none). Codes and ids hold neither '|' nor '='.
const allRows = (table: SyncedTable) => `${table}?*`;
const isColumnEntry = (entry: string) => !entry.includes('?');
const ruleEntry = (scope: readonly string[], table: SyncedTable) => scope.find((entry) => entry.startsWith(`${table}?`));

/** The row rules a reader's device holds its rows by, one per row table, sorted. */
export function rowScopeOf(reader: Reader): string[] {
  return rowTables
    .map((table) => {
      const rule = rowRuleOf(reader, table);
      return rule === null ? allRows(table) : `${table}?${rule.map(([column, value]) => `${column}=${value}`).join('|')}`;
    })
    .sort();
}

/** A scope's rule back as a RowRule; null for every row, or for no rule. */
function parseRowRule(entry: string | undefined): RowRule | null {
  const text = entry?.slice(entry.indexOf('?') + 1);
  if (text === undefined || text === '*') return null;
  return text === '' ? [] : text.split('|').map((part) => part.split('=') as [OwnColumn, string]);
}

/**
 * What changes on a device whose mirror was pulled for scope `before` when its user now reads
 * `after` (each the hidden columns and the row rules, `rowScopeOf`): the columns to drop and those
 * to fetch, the rows to drop (`dropRows`: those a new rule does not keep), and the tables to pull
 * again from their start (`fetchTables`: for columns now read, or rows an earlier rule left out).
 * A scope with no rule for a row table (a build or server before row rules) says nothing of what
 * the mirror holds of it: that table is pulled again.
 */
export function scopeChange(before: readonly string[], after: readonly string[]) {
  const [columnsBefore, columnsAfter] = [before.filter(isColumnEntry), after.filter(isColumnEntry)];
  const drop = columnsAfter.filter((column) => !columnsBefore.includes(column));
  const fetch = columnsBefore.filter((column) => !columnsAfter.includes(column));
  const tablesOf = (columns: string[]) => columns.map((column) => column.split('.')[0] as SyncedTable);
  const changed = rowTables.filter((table) => ruleEntry(before, table) !== ruleEntry(after, table));
  const dropRows = changed.flatMap((table) => {
    const rule = parseRowRule(ruleEntry(after, table));
    return rule ? [{ table, rule }] : [];
  });
  const refetch = changed.filter((table) => ruleEntry(before, table) !== allRows(table));
  return { drop, fetch, dropTables: [...new Set(tablesOf(drop))], fetchTables: [...new Set([...tablesOf(fetch), ...refetch])], dropRows };
}
