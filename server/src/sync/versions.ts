import type { Db } from '../db/connection';

type Tx = Pick<Db, '$client'>;

/** Next value of the global version counter. Call inside the write's transaction. */
export function nextVersion(db: Tx): number {
  const row = db.$client.prepare(`UPDATE counters SET value = value + 1 WHERE name = 'version' RETURNING value`).get() as
    | { value: number }
    | undefined;
  if (!row) throw new Error('version counter missing');
  return row.value;
}

export function currentVersion(db: Tx): number {
  return (db.$client.prepare(`SELECT value FROM counters WHERE name = 'version'`).get() as { value: number }).value;
}

export function serverId(db: Tx): string {
  return (db.$client.prepare(`SELECT value FROM meta WHERE key = 'serverId'`).get() as { value: string }).value;
}

/** Next number of a named sequence (service ids, job numbers), inside the caller's transaction. */
export function nextSequence(db: Tx, name: string): number {
  db.$client.prepare(`INSERT OR IGNORE INTO counters (name, value) VALUES (?, 0)`).run(name);
  return (db.$client.prepare(`UPDATE counters SET value = value + 1 WHERE name = ? RETURNING value`).get(name) as { value: number })
    .value;
}
