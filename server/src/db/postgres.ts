import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import pg from 'pg';
import { drizzle as remoteSqlite } from 'drizzle-orm/sqlite-proxy';
import { drizzle as nodePostgres } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { projectRoot } from '../project-root';
import type { Db } from './connection';
import * as schema from './schema';

// Issue 46: the server on PostgreSQL (docs/architecture.md, "The storage seam"). The product's queries
// are written once with drizzle's builder over the tables in schema.ts; on PostgreSQL they are built by
// drizzle's SQLite dialect through its remote driver and run here. What that dialect writes is the SQL
// both engines share (double-quoted names, ON CONFLICT, RETURNING, row values) except its `?`
// placeholders, which become `$1, $2, ...`. The few spots where the engines differ ask `engineOf`
// (db/engine.ts). The tables themselves are PostgreSQL's own (pg-schema.ts, migrations in server/drizzle-pg).

/** Integers are bigint in PostgreSQL, and sums of them numeric: read both as JS numbers, as SQLite gives them. */
const asNumber = (value: string) => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC ? asNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** What a PostgreSQL handle knows beside drizzle's: its pool, and the connection when it is a transaction's. */
export interface PgLink {
  pool: pg.Pool;
  client: pg.PoolClient | null;
  /** Set while `sendLater` runs: where the answer of a write it makes goes, instead of to its caller. */
  keep: ((answer: Promise<unknown>) => void) | null;
  /** Set while `sendLater` runs for reads whose answers nobody waits on before the held statements go (a check's). */
  holdReads: boolean;
  /** Statements `sendLater` made and holds, sent together (sendHeld); each hands its answer on once sent. */
  held: { query: pg.QueryConfig & { rowMode: 'array' }; sent: (answer: Promise<pg.QueryResult>) => void }[];
}

/** Held statements are sent once this many wait: PostgreSQL works through them while this process makes the next. */
const heldAtMost = 32;
const links = new WeakMap<object, PgLink>();
export const pgLinkOf = (db: Db): PgLink | undefined => links.get(db);

/**
 * The transaction the running code is inside, to catch a statement sent on the pool in the middle of
 * one. That is a defect of ours, which the tests (vitest, on both engines) would meet, so it is looked
 * for under them only: an AsyncLocalStorage makes every promise pay a hook, 6% of a push's time.
 */
const openTransaction = process.env.VITEST ? new AsyncLocalStorage<pg.PoolClient>() : null;

/** SQLite's `?` placeholders as PostgreSQL's numbered ones; quoted text and names are left alone. */
export function numberedPlaceholders(text: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '?') {
      out += `$${++n}`;
      continue;
    }
    out += char;
  }
  return out;
}

/**
 * SQLite's statement as PostgreSQL's: numbered placeholders, and an ON CONFLICT target of bare column
 * names (drizzle's SQLite dialect writes them with their table's, which PostgreSQL refuses).
 */
export function postgresText(sqliteText: string): string {
  return numberedPlaceholders(sqliteText).replace(/on conflict \(([^)]*)\)/g, (_, target: string) => `on conflict (${target.replace(/"[^"]+"\./g, '')})`);
}

/**
 * Each statement's text, translated once, with a name under which PostgreSQL keeps it prepared on each
 * connection (planned once). Names go to the first 2,000 texts only: a statement whose text varies with
 * its input (an IN list's length) would otherwise leave a plan per length on every connection.
 */
const statements = new Map<string, { text: string; name?: string }>();
function statementOf(sqliteText: string): { text: string; name?: string } {
  let statement = statements.get(sqliteText);
  if (!statement) {
    statement = { text: postgresText(sqliteText), ...(statements.size < 2000 ? { name: `g${statements.size}` } : {}) };
    if (statements.size < 20_000) statements.set(sqliteText, statement);
  }
  return statement;
}

type Method = 'run' | 'all' | 'get' | 'values';

function handleOn(pool: pg.Pool, client: pg.PoolClient | null): Db {
  const runner = client ?? pool;
  const link: PgLink = { pool, client, keep: null, holdReads: false, held: [] };
  const db = remoteSqlite(
    async (sqliteText: string, params: unknown[], method: Method) => {
      if (!client && openTransaction?.getStore()) throw new Error('A statement was sent outside its transaction: inside inTransaction, use the handle it gives.');
      const { text, name } = statementOf(sqliteText);
      const query = { text, values: params, rowMode: 'array' as const, ...(name ? { name } : {}) };
      const keep = link.keep;
      let result: pg.QueryResult;
      if (keep && method === 'run') {
        // Its caller goes on at once; the write's answer (or failure) goes to `keep`.
        hold(link, { query, sent: keep });
        return { rows: [], changes: 0 };
      } else if (keep && link.holdReads) {
        // A read whose answer its caller does not wait for (a check's): held too, answered when it comes.
        result = await new Promise<pg.QueryResult>((resolve, reject) => hold(link, { query, sent: (answer) => void answer.then(resolve, reject) }));
      } else {
        sendHeld(link);
        result = await runner.query(query);
      }
      if (method === 'run') return { rows: [], changes: result.rowCount ?? 0 };
      // The remote driver takes a `get`'s one row (or undefined) where the others' list goes.
      if (method === 'get') return { rows: result.rows[0] as unknown[] };
      return { rows: result.rows };
    },
    { schema },
  ) as unknown as Db;
  // prepared() keeps its statements per connection ($client): a transaction's handle is made once per pooled connection.
  Object.defineProperty(db, '$client', { value: runner, configurable: true });
  links.set(db, link);
  return db;
}

/**
 * Runs `start`, whose statements are sent later, with others, rather than each on its own and waited
 * for (on a transaction's connection only; elsewhere `start` just runs). A write (drizzle's `run`)
 * resolves at once with no rows changed, and its answer (or failure) goes to `keep`. A read is sent
 * at once and waited for as usual, unless `reads` is 'held': then it is held too, and resolves when its
 * answer comes, which its caller must not wait for (mutation-tx.ts, check).
 *
 * Held statements are sent together, in one write to the socket (a system call a statement was a third
 * of a push's time), when the transaction's next statement that is waited for is made, when
 * `heldAtMost` wait, or at `sendHeldWrites`. The connection does not wait for an answer before sending
 * on (the pool's `pipeline`), and PostgreSQL runs them in order: a later statement of the transaction
 * still sees these. A push applied together sends its writes and checks so (sync/deferred-writes.ts,
 * "together"), rather than a round trip each.
 */
export function sendLater<T>(db: Db, keep: (answer: Promise<unknown>) => void, start: () => T, reads: 'held' | 'sent' = 'sent'): T {
  const link = links.get(db);
  if (!link?.client) return start();
  link.keep = keep;
  // A read held is answered only once the held statements go: held only for a caller that does not
  // wait on it (`reads: 'held'`, a check's), since a caller waiting on it would wait for ever.
  link.holdReads = reads === 'held';
  try {
    // drizzle hands its statement over before its first await: all `start` makes is made by now.
    return start();
  } finally {
    link.keep = null;
    link.holdReads = false;
  }
}

function hold(link: PgLink, statement: PgLink['held'][number]): void {
  link.held.push(statement);
  if (link.held.length >= heldAtMost) sendHeld(link);
}

const transactionHandles = new WeakMap<pg.PoolClient, Db>();
function transactionHandle(pool: pg.Pool, client: pg.PoolClient): Db {
  let handle = transactionHandles.get(client);
  if (!handle) transactionHandles.set(client, (handle = handleOn(pool, client)));
  return handle;
}

/**
 * The key of the one advisory lock every writing transaction takes (pg_advisory_xact_lock, released at
 * its commit or rollback): writers across all server processes take turns, as on SQLite's one file. So
 * versions commit in the order they are given, and a pull's snapshot holds every version up to its
 * newest: a cursor never passes a version that commits later.
 */
export const writerLockKey = 4_646_046;

/** Sends the held statements (sendLater) in one write to the socket. */
function sendHeld(link: PgLink): void {
  if (link.held.length === 0 || !link.client) return;
  const held = link.held.splice(0);
  const socket = (link.client as unknown as { connection: { stream: { cork: () => void; uncork: () => void } } }).connection.stream;
  socket.cork();
  try {
    // Each statement's answer reaches its holder, even a statement pg refuses before sending it.
    for (const { query, sent } of held) {
      let answer: Promise<pg.QueryResult>;
      try {
        answer = link.client.query(query);
      } catch (error) {
        answer = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      sent(answer);
    }
  } finally {
    socket.uncork();
  }
}

/** Sends a transaction's held statements now: before waiting for their answers (deferred-writes.ts, settle). */
export function sendHeldWrites(db: Db): void {
  const link = links.get(db);
  if (link) sendHeld(link);
}

/** Runs `work` in a transaction on one pooled connection: `write` takes the writers' turn, `read` a snapshot. */
export async function pgTransaction<T>(db: Db, mode: 'write' | 'read', work: (tx: Db) => Promise<T>): Promise<T> {
  const { pool } = pgLinkOf(db)!;
  const client = await pool.connect();
  let broken: unknown = null;
  try {
    if (mode === 'write') {
      await client.query('BEGIN');
      await client.query({ name: 'writerLock', text: 'SELECT pg_advisory_xact_lock($1)', values: [writerLockKey] });
    } else await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const handle = transactionHandle(pool, client);
    try {
      const value = openTransaction ? await openTransaction.run(client, () => work(handle)) : await work(handle);
      // Every write is sent and answered before its commit: one held still is a defect, not a write to drop.
      if (links.get(handle)!.held.length > 0) throw new Error('A write was held unsent at its commit: await its answer first (sendHeldWrites).');
      // A transaction a failed statement spoiled is not committed: PostgreSQL answers its COMMIT with
      // ROLLBACK, not an error. Every statement's failure reaches its caller first; this is the net under that.
      const done = await client.query('COMMIT');
      if (done.command !== 'COMMIT') throw new Error(`The transaction was not committed (${done.command}): a statement in it failed.`);
      return value;
    } catch (error) {
      // Held writes of a transaction undone are dropped with it, never sent in the connection's next one.
      links.get(handle)!.held.length = 0;
      await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    }
  } finally {
    // A connection that could not roll back is closed rather than handed to the next request.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/** SAVEPOINT, RELEASE and ROLLBACK TO on the transaction's own connection. */
export async function pgControl(tx: Db, statement: string): Promise<void> {
  const link = pgLinkOf(tx)!;
  sendHeld(link);
  await link.client!.query(statement);
}

export interface PgOptions {
  /** Connections this process holds at most (PostgreSQL's own limit is shared by every process). */
  maxConnections?: number;
}

/** Connects to PostgreSQL, applies its migrations (one process at a time) and answers the server's handle. */
export async function openPostgres(url: string, options: PgOptions = {}): Promise<Db> {
  // `pipeline`: a connection sends each statement as it is made, not once the one before is answered;
  // the answers come back in order. Code that awaits each statement is unchanged by it; a push applied
  // together sends its writes and its checks' reads without waiting for each (sendLater).
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10, types, pipeline: true });
  // An idle connection that the server drops (a restart of PostgreSQL) is reported here; the pool makes a new one.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  const client = await pool.connect();
  try {
    // Several processes may start at once: the first applies the migrations, the others wait for it.
    await client.query('SELECT pg_advisory_lock($1)', [writerLockKey + 1]);
    await migrate(nodePostgres(client), { migrationsFolder: join(projectRoot(), 'server', 'drizzle-pg') });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [writerLockKey + 1]).catch(() => undefined);
    client.release();
  }
  return handleOn(pool, null);
}

export async function closePostgres(db: Db): Promise<void> {
  const pool = pgLinkOf(db)?.pool;
  if (pool && !pool.ended) await pool.end();
}
