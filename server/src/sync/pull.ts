import { asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../mutations/mutation-tx';
import { currentVersion, nonceOf, serverId } from './versions';
import { priorityTables, syncedTables, type SyncedRow, type SyncedTable } from '../../../shared/sync/tables';
import type { Change, PullResponse, ResetReason } from '../../../shared/sync/messages';

export const defaultPullPageSize = 500;

type Checked = { ok: true; version: number } | { ok: false; reason: ResetReason };

/** `{version}:{nonce}` against this database's history: a version it never gave out, or gave out with another nonce, has diverged. */
function checkPoint(db: Db, version: number, nonce: string): Checked {
  if (version > currentVersion(db) || nonceOf(db, version) !== nonce) return { ok: false, reason: 'diverged' };
  return { ok: true, version };
}

/** Parses `{serverId}:{version}:{nonce}`; another database, or another history, means reset. */
function checkCursor(db: Db, cursor: string | undefined): Checked {
  if (!cursor) return { ok: true, version: 0 };
  const match = /^([\w-]+):(\d{1,15}):([0-9a-f]{0,32})$/.exec(cursor);
  if (!match || match[1] !== serverId(db)) return { ok: false, reason: 'other-server' };
  return checkPoint(db, Number(match[2]), match[3]!);
}

/** The newest `{version}:{nonce}` the device was told its own mutations were applied at. */
function checkAcknowledged(db: Db, ack: string | undefined): Checked {
  const match = ack ? /^(\d{1,15}):([0-9a-f]{0,32})$/.exec(ack) : null;
  return match ? checkPoint(db, Number(match[1]), match[2]!) : { ok: true, version: 0 };
}

function changeOf(table: (typeof syncedTables)[number], row: SyncedRow): Change {
  return { table, id: row.id, version: row.version, deleted: row.deleted, row };
}

/**
 * A first sync in two parts: `'only'` pulls the priority tables alone (the catalogue and the
 * customers); then a number S pulls everything else, skipping the priority tables' rows up to S
 * (the first part delivered them). Undefined: every table, every row after the cursor.
 */
export type PullPriority = 'only' | number | undefined;

interface Scope {
  tables: readonly SyncedTable[];
  /** The version a table's rows must be above, for a pull from `from`. */
  above: (table: SyncedTable, from: number) => number;
}

function scopeOf(priority: PullPriority): Scope {
  if (priority === 'only') return { tables: priorityTables, above: (_table, from) => from };
  if (typeof priority === 'number') return { tables: syncedTables, above: (table, from) => (priorityTables.includes(table) ? Math.max(from, priority) : from) };
  return { tables: syncedTables, above: (_table, from) => from };
}

/** Every row, of every table in scope, written at exactly this version (one mutation's rows). */
function rowsAtVersion(db: Db, scope: Scope, version: number): Change[] {
  return scope.tables.flatMap((table) => {
    if (scope.above(table, version - 1) >= version) return [];
    const t = tableOf(table);
    return (db.select().from(t).where(eq(t.version, version)).all() as SyncedRow[]).map((row) => changeOf(table, row));
  });
}

function hasRowsAfter(db: Db, scope: Scope, version: number): boolean {
  return scope.tables.some((table) => {
    const t = tableOf(table);
    return db.select({ id: t.id }).from(t).where(gt(t.version, scope.above(table, version))).limit(1).get() !== undefined;
  });
}

/**
 * One page of changes after `since`, in version order across all synced tables, that never splits
 * the rows of one version (one mutation): a device never holds an invoice without its lines. Each
 * table is read through its version index with a limit, so a page costs the same at any size.
 */
export function pullChanges(db: Db, since: string | undefined, pageSize = defaultPullPageSize, ack?: string, withRemaining = false, priority?: PullPriority): PullResponse {
  const cursor = checkCursor(db, since);
  const acknowledged = checkAcknowledged(db, ack);
  const reset = !cursor.ok ? cursor : !acknowledged.ok ? acknowledged : null;
  const from = reset ? 0 : (cursor as { version: number }).version;
  // A reset reloads everything: what a first part delivered is dropped with the rest of the mirror.
  const scope = scopeOf(reset && typeof priority === 'number' ? undefined : priority);

  // Rows below `complete` are all here; a table that filled its limit may have more at its last version.
  let complete = Number.POSITIVE_INFINITY;
  const candidates: Change[] = [];
  for (const table of scope.tables) {
    const t = tableOf(table);
    const rows = db.select().from(t).where(gt(t.version, scope.above(table, from))).orderBy(asc(t.version)).limit(pageSize + 1).all() as SyncedRow[];
    if (rows.length > pageSize) complete = Math.min(complete, rows.at(-1)!.version);
    for (const row of rows) candidates.push(changeOf(table, row));
  }
  candidates.sort((a, b) => a.version - b.version);

  let changes = candidates.filter((change) => change.version < complete);
  let hasMore = complete !== Number.POSITIVE_INFINITY;
  if (changes.length === 0 && hasMore) {
    // One mutation wrote more rows than a page holds: it travels whole, in a page of its own.
    changes = rowsAtVersion(db, scope, complete);
    hasMore = hasRowsAfter(db, scope, complete);
  } else if (changes.length > pageSize) {
    // Cut at the first version boundary after a full page.
    let end = pageSize;
    while (end < changes.length && changes[end]!.version === changes[end - 1]!.version) end += 1;
    hasMore ||= end < changes.length;
    changes = changes.slice(0, end);
  }

  // The end of a first sync's second part: the device now holds everything up to the first part's
  // version too, even when nothing after it came in this part.
  const reached = !hasMore && typeof priority === 'number' && !reset ? priority : 0;
  const last = Math.max(changes.at(-1)?.version ?? from, reached);
  return {
    cursor: `${serverId(db)}:${last}:${nonceOf(db, last) ?? ''}`,
    hasMore,
    reset: reset !== null,
    ...(reset ? { resetReason: reset.reason } : {}),
    changes,
    // Everything the device does not hold yet, in every table (a first part's count includes the history to come).
    // Counted only when more is coming: an up-to-date device's pull (every poke) costs no count.
    ...(withRemaining ? { remaining: hasMore || priority === 'only' ? Math.max(0, rowsAfter(db, scopeOf(typeof priority === 'number' ? priority : undefined), from) - changes.length) : 0 } : {}),
  };
}

/**
 * How many rows changed after `version`, over every synced table: what a first sync still has to
 * pull, for its progress. Counted through each table's version index, asked for once per download.
 */
function rowsAfter(db: Db, scope: Scope, version: number): number {
  return scope.tables.reduce((sum, table) => {
    const t = tableOf(table);
    return sum + (db.select({ n: count() }).from(t).where(gt(t.version, scope.above(table, version))).get()?.n ?? 0);
  }, 0);
}
