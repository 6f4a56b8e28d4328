import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { projectRoot } from '../project-root';
import * as schema from './schema';
import { counters, meta } from './schema';
import { closePostgres, openPostgres, pgLinkOf } from './postgres';

/**
 * The server's database handle. Typed as better-sqlite3's drizzle database, whose builders both engines
 * share; every call on it is awaited, so that on PostgreSQL (db/postgres.ts) the same calls answer
 * promises. `$client`, the SQLite connection, is for SQLite-only tools (backup, restore, tests).
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Where the database is: PostgreSQL when DATABASE_URL is set (a chain of garages), else the SQLite file. */
export interface DatabaseConfig {
  DB_FILE: string;
  DATABASE_URL?: string | undefined;
}

/** Opens the configured engine's database, applying its migrations and first rows. */
export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  if (!config.DATABASE_URL) return openDb(config.DB_FILE);
  const db = await openPostgres(config.DATABASE_URL);
  await seedMeta(db);
  return db;
}

export async function closeDb(db: Db): Promise<void> {
  if (pgLinkOf(db)) await closePostgres(db);
  else if (db.$client.open) db.$client.close();
}

/** Opens (creating folder and file when missing) the SQLite database and applies migrations. */
export async function openDb(file: string): Promise<Db> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // Acknowledged means durable: in WAL mode NORMAL may roll back the last commits on power loss,
  // after a device was told they were applied. FULL syncs the WAL at every commit; a push is
  // applied in one transaction (apply-mutation.ts), so a batch costs one sync, not one per mutation.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Savepoint journals in memory (issue 24, point 1): every mutation of a push runs in a savepoint,
  // and SQLite copies each page it first changes there to a sub-journal, which past 64 KiB went to a
  // temporary file, a write call for every page of every mutation (about 60% of the push's insert
  // time). The sub-journal only undoes a savepoint inside an open transaction; what a commit makes
  // durable is the WAL, synced as above, so this changes nothing a crash keeps. Large sorts' and
  // temporary tables' spill files live in memory too, bounded by what the query answers anyway.
  sqlite.pragma('temp_store = MEMORY');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: join(projectRoot(), 'server', 'drizzle') });
  await seedMeta(db);
  return db;
}

// The server id makes a device's cursor meaningless against another database (a restored backup
// or a fresh file), which then forces a full reset instead of a silent gap. The signing secret is
// what each user's key for signing their changes is derived from (sync/signing-keys.ts).
async function seedMeta(db: Db): Promise<void> {
  await db.insert(meta).values({ key: 'serverId', value: randomUUID() }).onConflictDoNothing().run();
  await db
    .insert(meta)
    .values({ key: 'entrySigningSecret', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing()
    .run();
  await db.insert(counters).values({ name: 'version', value: 0 }).onConflictDoNothing().run();
}
