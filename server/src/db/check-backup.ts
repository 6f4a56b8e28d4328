import Database from 'better-sqlite3';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { appliedMutations, counters, meta, syncedTableObjects, tokens, users, versionLog } from './schema';

/** The tables every database of this app has had since its first version. */
const ourTables = [...Object.values(syncedTableObjects), users, tokens, appliedMutations, versionLog, counters, meta].map((table) => getTableConfig(table).name);

/** What a restore learns of a backup before touching anything. */
export interface CheckedBackup {
  serverId: string;
}

/**
 * Refuses (throws, with a message for the person restoring) a file that is not a sound database of
 * this app: not SQLite at all, damaged (SQLite's integrity check), or SQLite without our tables or
 * a server id. `file` is the restore's own copy (opened for writing, so that its connection leaves
 * no journal files behind; nothing is written); `name` is the file the person named.
 */
export async function checkBackup(file: string, name = file): Promise<CheckedBackup> {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw new Error(`${name} cannot be opened: ${(error as Error).message}`, { cause: error });
  }
  try {
    let problems: string[];
    try {
      problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      throw new Error(`${name} is not a database of this app (${(error as Error).message}).`, { cause: error });
    }
    if (problems.join() !== 'ok') throw new Error(`${name} is damaged (SQLite's integrity check: ${problems.slice(0, 3).join('; ')}).`);
    const present = new Set(((await db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all()) as { name: string }[]).map((row) => row.name));
    const absent = ourTables.filter((name) => !present.has(name));
    if (absent.length > 0) throw new Error(`${name} is not a database of this app (no ${absent.slice(0, 3).join(', ')} table).`);
    const id = (await db.prepare(`SELECT value FROM meta WHERE key = 'serverId'`).get()) as { value: string } | undefined;
    if (!id) throw new Error(`${name} is not a database of this app (it has no server id).`);
    return { serverId: id.value };
  } finally {
    db.close();
  }
}
