import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { dropDatabase } from './drop-database.mjs';
import { closeDb, openDatabase, openDb, type Db } from '@server/db/connection';
import { pgLinkOf, postgresText } from '@server/db/postgres';

// Issue 46: the server and sync suites run on either engine. TEST_ENGINE=postgres (with PG_TEST_URL,
// README, 'PostgreSQL tests') gives each test server a database of its own on that PostgreSQL in place
// of its SQLite file, named after the file, so that a restart on the same file finds the same rows.

export const testEngine = (): 'sqlite' | 'postgres' => (process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite');

const adminUrl = (): string => {
  const url = process.env.PG_TEST_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs PG_TEST_URL (README, "PostgreSQL tests")');
  return url;
};

/** The PostgreSQL database standing for a test's SQLite file. */
export const pgDatabaseOf = (file: string): string => `garage_t_${createHash('sha256').update(file).digest('hex').slice(0, 20)}`;

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The test's database on the engine under test: the SQLite file, or its PostgreSQL database (made when missing). */
export async function openTestDb(file: string): Promise<Db> {
  if (testEngine() === 'sqlite') return openDb(file);
  const name = pgDatabaseOf(file);
  await asAdmin(async (admin) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    // The C locale: text sorts by its bytes, as in SQLite (README, 'Running a chain on PostgreSQL').
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'`);
  });
  const db = await openDatabase({ DB_FILE: file, DATABASE_URL: urlOf(file) });
  Object.defineProperty(db, '$client', { value: testClientOnPostgres(db) });
  return db;
}

/** Closes the test's database; on PostgreSQL `drop` also removes it (the end of the test, not a restart). */
export async function closeTestDb(db: Db, file: string, { drop = false } = {}): Promise<void> {
  await closeDb(db);
  if (drop && testEngine() === 'postgres') await asAdmin(async (admin) => dropDatabase(admin, pgDatabaseOf(file)));
}

const run = promisify(execFile);

const urlOf = (file: string): string => {
  const url = new URL(adminUrl());
  url.pathname = `/${pgDatabaseOf(file)}`;
  return url.toString();
};

/** A backup as README's 'Running a chain on PostgreSQL' takes it: pg_dump's custom format, while the server runs. */
export async function pgDump(file: string, target: string): Promise<void> {
  await run('pg_dump', ['--format=custom', `--file=${target}`, urlOf(file)]);
}

/** A restore as the README does it: the database made again, empty, and pg_restore into it (the server stopped). */
export async function pgRestore(backup: string, file: string): Promise<void> {
  const name = pgDatabaseOf(file);
  await asAdmin(async (admin) => {
    await dropDatabase(admin, name);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'`);
  });
  await run('pg_restore', ['--no-owner', `--dbname=${urlOf(file)}`, backup]);
}

/**
 * Tests read and arrange the database with SQL of their own through `db.$client.prepare(sql)`, as on
 * SQLite, every call awaited. On PostgreSQL the root handle's `$client` is this stand-in: the same SQL,
 * its `?` placeholders numbered, and its camelCase names (`clientId`) quoted, since PostgreSQL folds an
 * unquoted name to lower case where SQLite ignores case. Booleans are 0 or 1 on both engines, so
 * `deleted = 0` reads the same. SQLite's own statements (rowid, PRAGMA, sqlite_master) have no stand-in:
 * the files that use them run on SQLite only (scripts/test-gate.mjs).
 */
export interface TestClient {
  open: boolean;
  prepare(text: string): TestStatement;
  close(): void;
}
interface TestStatement {
  get(...params: unknown[]): Promise<unknown>;
  all(...params: unknown[]): Promise<unknown[]>;
  run(...params: unknown[]): Promise<{ changes: number }>;
  pluck(): { get(...params: unknown[]): Promise<unknown>; all(...params: unknown[]): Promise<unknown[]> };
}

/** Names with a capital after a lower-case start, outside quotes, double-quoted. */
export function quoteCamelCase(text: string): string {
  return text
    .split(/('(?:[^']|'')*'|"[^"]*")/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\b([a-z][a-z0-9]*[A-Z]\w*)\b/g, '"$1"')))
    .join('');
}

export function testClientOnPostgres(db: Db): TestClient {
  const pool = pgLinkOf(db)!.pool;
  const query = async (text: string, params: unknown[]) => pool.query(postgresText(quoteCamelCase(text)), params.flat());
  const first = (row: Record<string, unknown> | undefined) => (row ? Object.values(row)[0] : undefined);
  const client: TestClient = {
    open: true,
    prepare: (text) => ({
      get: async (...params) => (await query(text, params)).rows[0] as unknown,
      all: async (...params) => (await query(text, params)).rows as unknown[],
      run: async (...params) => ({ changes: (await query(text, params)).rowCount ?? 0 }),
      pluck: () => ({
        get: async (...params) => first((await query(text, params)).rows[0] as Record<string, unknown> | undefined),
        all: async (...params) => ((await query(text, params)).rows as Record<string, unknown>[]).map(first),
      }),
    }),
    close: () => {
      client.open = false;
      void closeDb(db);
    },
  };
  return client;
}

/**
 * The server's exactly-once log (applied_mutations) read in the order the server wrote it, which is the
 * order it applied (or refused) the mutations: a push keeps each mutation's row in that order, a
 * refusal's in its place, and writes them at the push's end in that order (server/src/sync/deferred-writes.ts),
 * and writers take turns (SQLite's one connection; on PostgreSQL the writers' advisory lock, postgres.ts
 * writerLockKey). A refused mutation has no version (it wrote nothing), so the versions alone cannot
 * place it, and PostgreSQL has no rowid; so, on both engines alike, a table of the test's own numbers
 * each row as the server inserts it (a trigger on the log), and no product table gains a column. The
 * numbers go where the log goes: a push's attempt rolled back takes its numbers back with its rows, a backup
 * (SQLite's backup command or file copy, pg_dump) holds them and a restore brings them back.
 * Call numberTheLog before the first mutation reaches the server.
 */
export const logOrderTable = 'test_log_order';

export async function numberTheLog(db: Db): Promise<void> {
  const pool = pgLinkOf(db)?.pool;
  if (pool) {
    await pool.query(`
      CREATE TABLE IF NOT EXISTS ${logOrderTable} (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, mutation_id text NOT NULL UNIQUE);
      CREATE OR REPLACE FUNCTION ${logOrderTable}_number() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO ${logOrderTable} (mutation_id) VALUES (NEW.id); RETURN NULL; END $$;
      CREATE OR REPLACE TRIGGER ${logOrderTable}_number AFTER INSERT ON applied_mutations FOR EACH ROW EXECUTE FUNCTION ${logOrderTable}_number();`);
    return;
  }
  await db.$client.prepare(`CREATE TABLE IF NOT EXISTS ${logOrderTable} (seq INTEGER PRIMARY KEY AUTOINCREMENT, mutation_id TEXT NOT NULL UNIQUE)`).run();
  await db.$client
    .prepare(`CREATE TRIGGER IF NOT EXISTS ${logOrderTable}_number AFTER INSERT ON applied_mutations BEGIN INSERT INTO ${logOrderTable} (mutation_id) VALUES (NEW.id); END`)
    .run();
}

/**
 * The log's rows, `columns` of each (SQL of applied_mutations' columns, as `a.name`), in the order the
 * server wrote them (numberTheLog). Throws when a row has no number (written before numberTheLog), or
 * when the versions of the applied rows do not rise along that order: they are given out one at a time
 * in the writers' turn, so a version out of order would mean the numbering is not the applied order.
 */
export async function logInOrder<Row extends { id: string }>(db: Db, columns: string): Promise<Row[]> {
  const rows = (await db.$client
    .prepare(`SELECT ${columns}, a.version AS "logVersion", o.seq AS "logSeq" FROM applied_mutations a LEFT JOIN ${logOrderTable} o ON o.mutation_id = a.id ORDER BY o.seq`)
    .all()) as (Row & { logVersion: number | null; logSeq: number | null })[];
  const unnumbered = rows.filter((row) => row.logSeq === null).map((row) => row.id);
  if (unnumbered.length > 0) throw new Error(`logInOrder: ${unnumbered.length} rows of the log written before numberTheLog, such as ${unnumbered[0]}`);
  let last = 0;
  for (const row of rows) {
    if (row.logVersion === null) continue;
    if (Number(row.logVersion) <= last) throw new Error(`logInOrder: version ${row.logVersion} of ${row.id} after version ${last} in the log's order`);
    last = Number(row.logVersion);
  }
  return rows.map(({ logVersion: _version, logSeq: _seq, ...row }) => row as unknown as Row);
}
