import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A consistent copy of the live database, taken while the server runs (SQLite's online backup:
 * pages are copied under a read transaction, so a write that commits meanwhile is either wholly in
 * the copy or wholly out of it).
 */
export async function backupDatabase(source: string, target: string): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database. The server must be stopped: the live file's WAL and
 * shared-memory files belong to the history being discarded and are removed with it.
 */
export function restoreDatabase(backup: string, target: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backup, target);
}
