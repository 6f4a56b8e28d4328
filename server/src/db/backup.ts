import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
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
