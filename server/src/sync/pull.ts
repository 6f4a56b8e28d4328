import { and, asc, count, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../mutations/mutation-tx';
import { currentVersion, nonceOf, serverId } from './versions';
import { tombstoneOf } from './tombstone';
import { priorityTables, syncedTables, type SyncedRow, type SyncedTable } from '@shared/sync/tables';
import { invoiceLines, invoices, jobCards, jobLines, jobStatusChanges, payments } from '../db/schema';
import type { Change, PullResponse, ResetReason } from '@shared/sync/messages';
import { protocolOneTables } from '@shared/sync/protocol';

export const defaultPullPageSize = 500;

type Checked = { ok: true; version: number } | { ok: false; reason: ResetReason };

/** `{version}:{nonce}` against this database's history: a version it never gave out, or gave out with another nonce, has diverged. */
async function checkPoint(db: Db, version: number, nonce: string): Promise<Checked> {
  if (version > (await currentVersion(db)) || (await nonceOf(db, version)) !== nonce) return { ok: false, reason: 'diverged' };
  return { ok: true, version };
}

/** Parses `{serverId}:{version}:{nonce}`; another database, or another history, means reset. */
async function checkCursor(db: Db, cursor: string | undefined): Promise<Checked> {
  if (!cursor) return { ok: true, version: 0 };
  const match = /^([\w-]+):(\d{1,15}):([0-9a-f]{0,32})$/.exec(cursor);
  if (!match || match[1] !== (await serverId(db))) return { ok: false, reason: 'other-server' };
  return checkPoint(db, Number(match[2]), match[3]!);
}

/** The newest `{version}:{nonce}` the device was told its own mutations were applied at. */
async function checkAcknowledged(db: Db, ack: string | undefined): Promise<Checked> {
  const match = ack ? /^(\d{1,15}):([0-9a-f]{0,32})$/.exec(ack) : null;
  return match ? checkPoint(db, Number(match[1]), match[2]!) : { ok: true, version: 0 };
}

function changeOf(table: (typeof syncedTables)[number], row: SyncedRow): Change {
  return { table, id: row.id, version: row.version, deleted: row.deleted, row: row.deleted ? tombstoneOf(row) : row };
}

/**
 * A first sync in three parts: `'only'` pulls the priority tables whole (the catalogue and the
 * customers); `'open'` the open work out of the history (open and suspended job cards with their
 * lines and status changes, unpaid invoices with their lines and payments); then a number S pulls
 * everything else, skipping the priority tables' rows up to S (the first part delivered them). The
 * history tables come whole in the last part, so the open work's rows come twice (a few per cent of
 * the history; a job finished meanwhile comes as it now is). Undefined: every table, every row after
 * the cursor.
 */
export type PullPriority = 'only' | 'open' | number | undefined;

interface Scope {
  tables: readonly SyncedTable[];
  /** The version a table's rows must be above, for a pull from `from`. */
  above: (table: SyncedTable, from: number) => number;
  /** Which of a table's rows the scope holds (none: all of them). */
  filter: (table: SyncedTable) => SQL | undefined;
}

// The open work a new device needs before the history, in portable SQL (IN over a subquery).
const openJobIds = (db: Db) =>
  db
    .select({ id: jobCards.id })
    .from(jobCards)
    .where(inArray(jobCards.status, ['Open', 'Suspended']));
const unpaidInvoiceIds = (db: Db) => db.select({ id: invoices.id }).from(invoices).where(eq(invoices.status, 'Due'));
const openWork: Partial<Record<SyncedTable, (db: Db) => SQL>> = {
  jobCards: () => inArray(jobCards.status, ['Open', 'Suspended']),
  jobLines: (db) => inArray(jobLines.jobCardId, openJobIds(db)),
  jobStatusChanges: (db) => inArray(jobStatusChanges.jobCardId, openJobIds(db)),
  invoices: () => eq(invoices.status, 'Due'),
  invoiceLines: (db) => inArray(invoiceLines.invoiceId, unpaidInvoiceIds(db)),
  payments: (db) => inArray(payments.invoiceId, unpaidInvoiceIds(db)),
};
export const openWorkTables = Object.keys(openWork) as SyncedTable[];

/**
 * The tables a device's build can store (its pull names them; protocol.ts), and those of them it is
 * pulling from the beginning because an update added them (`catchUp`, even empty: a catch-up's
 * cursor is its own). A pull answers rows of these tables only, so the cursor it gives never passes a
 * row the device could not store.
 */
export interface DeviceTables {
  tables: readonly SyncedTable[];
  catchUp?: readonly SyncedTable[];
}

/** A pull that names no tables comes from a protocol 1 build, which stores protocol 1's tables. */
const protocolOne: DeviceTables = { tables: protocolOneTables };

function scopeOf(db: Db, priority: PullPriority, device: DeviceTables): Scope {
  const all = () => undefined;
  const stored = (tables: readonly SyncedTable[]) => tables.filter((table) => device.tables.includes(table));
  // A catch-up: the new tables from their first row, with a cursor of their own (client/src/sync/sync-engine.ts).
  if (device.catchUp) return { tables: stored(device.catchUp), above: (_table, from) => from, filter: all };
  if (priority === 'only') return { tables: stored(priorityTables), above: (_table, from) => from, filter: all };
  if (priority === 'open') return { tables: stored(openWorkTables), above: (_table, from) => from, filter: (table) => openWork[table]?.(db) };
  if (typeof priority === 'number')
    return { tables: stored(syncedTables), above: (table, from) => (priorityTables.includes(table) ? Math.max(from, priority) : from), filter: all };
  return { tables: stored(syncedTables), above: (_table, from) => from, filter: all };
}

/** A table's rows of the scope above a version. */
const rowsAbove = (scope: Scope, table: SyncedTable, version: number) => and(gt(tableOf(table).version, version), scope.filter(table));

/** Every row, of every table in scope, written at exactly this version (one mutation's rows). */
async function rowsAtVersion(db: Db, scope: Scope, version: number): Promise<Change[]> {
  const changes: Change[] = [];
  for (const table of scope.tables) {
    if (scope.above(table, version - 1) >= version) continue;
    const t = tableOf(table);
    const rows = (await db
      .select()
      .from(t)
      .where(and(eq(t.version, version), scope.filter(table)))
      .all()) as SyncedRow[];
    for (const row of rows) changes.push(changeOf(table, row));
  }
  return changes;
}

/**
 * Each table's first `limit` versions above the scope's start for `from`, in the scope's table order:
 * one statement over every table's version index (UNION ALL of a limited subquery a table), where a
 * statement a table cost a round trip each on PostgreSQL, and reading whole rows that the page then
 * dropped cost their mapping on both engines.
 */
async function versionsAbove(db: Db, scope: Scope, from: number, limit: number): Promise<number[][]> {
  const byTable: number[][] = scope.tables.map(() => []);
  if (scope.tables.length === 0) return byTable;
  const parts = scope.tables.map((table, at) => {
    const t = tableOf(table);
    return sql`select ${sql.raw(String(at))} as t, v from (select ${t.version} as v from ${t} where ${rowsAbove(scope, table, scope.above(table, from))} order by ${t.version} limit ${limit}) as q${sql.raw(String(at))}`;
  });
  const rows = (await db.values<[number, number]>(sql.join(parts, sql` union all `))) as [number, number][];
  for (const [at, version] of rows) byTable[Number(at)]!.push(Number(version));
  // Each table's own subquery is ordered; UNION ALL promises no order between or within its parts.
  for (const tableVersions of byTable) tableVersions.sort((a, b) => a - b);
  return byTable;
}

/**
 * The page's rows: each table's rows of the scope above its start and up to `last`, in version order,
 * the tables in the scope's order, then all of them in version order (a stable sort: rows of one
 * version keep their table's place). Only the tables `versions` shows to have any.
 */
async function rowsUpTo(db: Db, scope: Scope, from: number, last: number, versions: readonly number[][]): Promise<Change[]> {
  const changes: Change[] = [];
  for (const [at, table] of scope.tables.entries()) {
    if (!(versions[at]![0]! <= last)) continue;
    const t = tableOf(table);
    const rows = (await db
      .select()
      .from(t)
      .where(and(rowsAbove(scope, table, scope.above(table, from)), lte(t.version, last)))
      .orderBy(asc(t.version))
      .all()) as SyncedRow[];
    for (const row of rows) changes.push(changeOf(table, row));
  }
  return changes.sort((a, b) => a.version - b.version);
}

async function hasRowsAfter(db: Db, scope: Scope, version: number): Promise<boolean> {
  for (const table of scope.tables) {
    const t = tableOf(table);
    const row = await db
      .select({ id: t.id })
      .from(t)
      .where(rowsAbove(scope, table, scope.above(table, version)))
      .limit(1)
      .get();
    if (row !== undefined) return true;
  }
  return false;
}

/**
 * One page of changes after `since`, in version order across all synced tables, that never splits
 * the rows of one version (one mutation): a device never holds an invoice without its lines. Each
 * table is read through its version index with a limit, so a page costs the same at any size.
 */
export async function pullChanges(
  db: Db,
  since: string | undefined,
  pageSize = defaultPullPageSize,
  ack?: string,
  withRemaining = false,
  priority?: PullPriority,
  named?: DeviceTables,
): Promise<PullResponse> {
  const device = named ?? protocolOne;
  const cursor = await checkCursor(db, since);
  const acknowledged = await checkAcknowledged(db, ack);
  const reset = !cursor.ok ? cursor : !acknowledged.ok ? acknowledged : null;
  const from = reset ? 0 : (cursor as { version: number }).version;
  // A reset reloads everything: what the first parts (or a catch-up) delivered is dropped with the rest
  // of the mirror (in the first part the device starts that part again; later it reloads all in one).
  const reloadAll = reset && (priority !== 'only' || device.catchUp !== undefined);
  const within: DeviceTables = reloadAll ? { tables: device.tables } : device;
  const scope = scopeOf(db, reloadAll ? undefined : priority, within);

  // The page's shape from the version indexes alone, in one statement: each table's first
  // pageSize + 1 versions. Rows below `complete` are all here; a table that filled its limit may have
  // more at its last version.
  const firstVersions = await versionsAbove(db, scope, from, pageSize + 1);
  let complete = Number.POSITIVE_INFINITY;
  const versions: number[] = [];
  for (const tableVersions of firstVersions) {
    if (tableVersions.length > pageSize) complete = Math.min(complete, tableVersions.at(-1)!);
    versions.push(...tableVersions);
  }
  const below = versions.filter((version) => version < complete).sort((a, b) => a - b);

  let changes: Change[];
  let hasMore = complete !== Number.POSITIVE_INFINITY;
  if (below.length === 0 && hasMore) {
    // One mutation wrote more rows than a page holds: it travels whole, in a page of its own.
    changes = await rowsAtVersion(db, scope, complete);
    hasMore = await hasRowsAfter(db, scope, complete);
  } else {
    // Cut at the first version boundary after a full page.
    let end = Math.min(pageSize, below.length);
    while (end < below.length && below[end]! === below[end - 1]!) end += 1;
    hasMore ||= end < below.length;
    // Then the rows themselves, up to the page's last version, of the tables that have any: the
    // same rows the versions counted (each table's are among its first pageSize + 1), and no more.
    changes = end === 0 ? [] : await rowsUpTo(db, scope, from, below[end - 1]!, firstVersions);
  }

  // The end of a first sync's second part: the device now holds everything up to the first part's
  // version too, even when nothing after it came in this part.
  const reached = !hasMore && typeof priority === 'number' && !reset && !device.catchUp ? priority : 0;
  const last = Math.max(changes.at(-1)?.version ?? from, reached);
  return {
    cursor: `${await serverId(db)}:${last}:${(await nonceOf(db, last)) ?? ''}`,
    // Only to a build that named its tables (protocol 2 on): the tables this answer and its cursor cover.
    ...(named ? { tables: [...(within.catchUp ?? within.tables)] } : {}),
    hasMore,
    reset: reset !== null,
    ...(reset ? { resetReason: reset.reason } : {}),
    changes,
    // Everything the device does not hold yet, in every table (a first part's count includes the history to come).
    // Counted only when more is coming: an up-to-date device's pull (every poke) costs no count.
    ...(withRemaining
      ? { remaining: hasMore || priority === 'only' || priority === 'open' ? Math.max(0, (await remainingRows(db, priority, from, within)) - changes.length) : 0 }
      : {}),
  };
}

/**
 * How many rows a download still brings after `from`: every table's (a second part's skips the
 * first part's), and for a first part also the open work it brings before the history brings it
 * again. Counted through the indexes, asked for once per download, for its progress.
 */
async function remainingRows(db: Db, priority: PullPriority, from: number, device: DeviceTables): Promise<number> {
  const rest = await rowsAfter(db, scopeOf(db, typeof priority === 'number' ? priority : undefined, device), from);
  return priority === 'only' ? rest + (await rowsAfter(db, scopeOf(db, 'open', device), 0)) : rest;
}

async function rowsAfter(db: Db, scope: Scope, version: number): Promise<number> {
  let sum = 0;
  for (const table of scope.tables) {
    const counted = await db
      .select({ n: count() })
      .from(tableOf(table))
      .where(rowsAbove(scope, table, scope.above(table, version)))
      .get();
    sum += counted?.n ?? 0;
  }
  return sum;
}
