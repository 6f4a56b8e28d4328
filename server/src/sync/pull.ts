import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../mutations/mutation-tx';
import { currentVersion, nonceOf, serverId } from './versions';
import { syncedTables, type SyncedRow } from '../../../shared/sync/tables';
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

/** Every row, of every table, written at exactly this version (one mutation's rows). */
function rowsAtVersion(db: Db, version: number): Change[] {
  return syncedTables.flatMap((table) => {
    const t = tableOf(table);
    return (db.select().from(t).where(eq(t.version, version)).all() as SyncedRow[]).map((row) => changeOf(table, row));
  });
}

function hasRowsAfter(db: Db, version: number): boolean {
  return syncedTables.some((table) => {
    const t = tableOf(table);
    return db.select({ id: t.id }).from(t).where(gt(t.version, version)).limit(1).get() !== undefined;
  });
}

/**
 * One page of changes after `since`, in version order across all synced tables, that never splits
 * the rows of one version (one mutation): a device never holds an invoice without its lines. Each
 * table is read through its version index with a limit, so a page costs the same at any size.
 */
export function pullChanges(db: Db, since: string | undefined, pageSize = defaultPullPageSize, ack?: string): PullResponse {
  const cursor = checkCursor(db, since);
  const acknowledged = checkAcknowledged(db, ack);
  const reset = !cursor.ok ? cursor : !acknowledged.ok ? acknowledged : null;
  const from = reset ? 0 : (cursor as { version: number }).version;

  // Rows below `complete` are all here; a table that filled its limit may have more at its last version.
  let complete = Number.POSITIVE_INFINITY;
  const candidates: Change[] = [];
  for (const table of syncedTables) {
    const t = tableOf(table);
    const rows = db.select().from(t).where(gt(t.version, from)).orderBy(asc(t.version)).limit(pageSize + 1).all() as SyncedRow[];
    if (rows.length > pageSize) complete = Math.min(complete, rows.at(-1)!.version);
    for (const row of rows) candidates.push(changeOf(table, row));
  }
  candidates.sort((a, b) => a.version - b.version);

  let changes = candidates.filter((change) => change.version < complete);
  let hasMore = complete !== Number.POSITIVE_INFINITY;
  if (changes.length === 0 && hasMore) {
    // One mutation wrote more rows than a page holds: it travels whole, in a page of its own.
    changes = rowsAtVersion(db, complete);
    hasMore = hasRowsAfter(db, complete);
  } else if (changes.length > pageSize) {
    // Cut at the first version boundary after a full page.
    let end = pageSize;
    while (end < changes.length && changes[end]!.version === changes[end - 1]!.version) end += 1;
    hasMore ||= end < changes.length;
    changes = changes.slice(0, end);
  }

  const last = changes.at(-1)?.version ?? from;
  return {
    cursor: `${serverId(db)}:${last}:${nonceOf(db, last) ?? ''}`,
    hasMore,
    reset: reset !== null,
    ...(reset ? { resetReason: reset.reason } : {}),
    changes,
  };
}
