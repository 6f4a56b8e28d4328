import type { Db } from '../db/connection';
import { currentVersion, serverId } from './versions';
import { syncedTables } from '../../../shared/sync/tables';
import type { Change, PullResponse } from '../../../shared/sync/messages';

export const defaultPullPageSize = 500;

/** Parses `{serverId}:{version}`; anything unusable (other database, from the future) means reset. */
function parseCursor(db: Db, cursor: string | undefined): number | null {
  if (!cursor) return 0;
  const match = /^([\w-]+):(\d+)$/.exec(cursor);
  if (!match || match[1] !== serverId(db)) return null;
  const version = Number(match[2]);
  return version <= currentVersion(db) ? version : null;
}

/**
 * One page of changes after `since`, in version order across all synced tables. Each table is
 * read through its version index with a limit, so a page costs the same at any table size.
 */
export function pullChanges(db: Db, since: string | undefined, pageSize = defaultPullPageSize): PullResponse {
  const parsed = parseCursor(db, since);
  const from = parsed ?? 0;
  const candidates: Change[] = [];
  for (const table of syncedTables) {
    const rows = db.$client
      .prepare(`SELECT * FROM "${table}" WHERE version > ? ORDER BY version LIMIT ?`)
      .all(from, pageSize + 1) as Record<string, unknown>[];
    for (const raw of rows) {
      const row = fromSqlite(table, raw);
      candidates.push({ table, id: row.id as string, version: row.version as number, deleted: row.deleted as boolean, row });
    }
  }
  candidates.sort((a, b) => a.version - b.version);
  const changes = candidates.slice(0, pageSize);
  const last = changes.at(-1)?.version ?? from;
  return {
    cursor: `${serverId(db)}:${last}`,
    hasMore: candidates.length > pageSize,
    reset: parsed === null,
    changes,
  };
}

// Raw SQLite rows hold booleans as 0/1 and JSON as text; devices get them typed.
const booleanColumns = new Set(['deleted', 'isGuest', 'isService', 'pricesIncludeTax']);
const jsonColumns = new Set(['vehicles']);

function fromSqlite(_table: string, raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (booleanColumns.has(key)) row[key] = value === 1;
    else if (jsonColumns.has(key) && typeof value === 'string') row[key] = JSON.parse(value);
    else row[key] = value;
  }
  return row;
}
