import { is, Param, Placeholder } from 'drizzle-orm';
import type { Db } from './connection';
import { pgControl, pgLinkOf, pgTransaction } from './postgres';

/**
 * Statements prepared once per database connection and kept (issue 24, point 1): building a drizzle
 * query and having SQLite prepare it again for every row cost about 0.7 ms a row, most of a push's
 * time. A statement is built by `build` the first time its key is asked for, with `sql.placeholder`
 * for each value, and run afterwards with the values alone.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

// Kept per connection, not per handle: a transaction's handle (inTransaction) shares its connection's statements.
export function prepared<T>(db: Db, key: string, build: () => T): T {
  let statements = cache.get(db.$client);
  if (!statements) cache.set(db.$client, (statements = new Map()));
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) statements.set(key, (statement = withPlannedRun(build())));
  return statement;
}

/** What a kept statement is once built: drizzle's prepared query for better-sqlite3 (its fields as drizzle 0.45 names them). */
interface DrizzlePrepared {
  query: { params: unknown[] };
  stmt: { run: (...params: unknown[]) => unknown };
  run: (values?: Record<string, unknown>) => unknown;
}

const isDrizzlePrepared = (statement: unknown): statement is DrizzlePrepared =>
  typeof statement === 'object' && statement !== null && 'stmt' in statement && Array.isArray((statement as { query?: { params?: unknown } }).query?.params);

/**
 * Drizzle fills a prepared query's values on every run by asking each parameter's class, a walk up
 * its prototypes (`is`) for every column of every insert: 6 to 8% of a push's time (issue 24). A kept
 * statement runs with a plan made once instead: for each parameter, the named value (through its
 * column's encoder, as drizzle does) or the constant. Reads keep drizzle's own `get`, which maps the row.
 */
function withPlannedRun<T>(statement: T): T {
  if (!isDrizzlePrepared(statement)) return statement;
  const steps = statement.query.params.map((param): ((values: Record<string, unknown>) => unknown) => {
    const named = is(param, Placeholder)
      ? { name: param.name, encoder: null }
      : is(param, Param) && is(param.value, Placeholder)
        ? { name: param.value.name, encoder: param.encoder }
        : null;
    if (!named) return () => param;
    const { name, encoder } = named;
    return (values) => {
      if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
      return encoder ? encoder.mapToDriverValue(values[name]) : values[name];
    };
  });
  const { stmt } = statement;
  statement.run = (values = {}) => stmt.run(...steps.map((step) => step(values)));
  return statement;
}

/**
 * The storage seam's transaction (issue 46, point 2): `work` is asynchronous, so that a database
 * reached over the network (PostgreSQL) can sit behind the same code. It gets the transaction's
 * handle and must run its statements through it (a nested `inTransaction(handle, ...)` is a savepoint):
 * on PostgreSQL a statement on another handle would run on another connection, outside the transaction.
 *
 * On SQLite the one connection is shared by every request, so transactions take turns (a lock per
 * connection), and a transaction's body waits on nothing but the database: each statement answers at
 * once, so the body runs to its end in one turn of the event loop and no other request's statement
 * lands inside it. Committed when `work` resolves, rolled back (to its savepoint) when it throws.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return inSavepoint(db, work);
  if (pgLinkOf(db)) return pgTransaction(db, 'write', work);
  const client = db.$client;
  const previous = turns.get(client);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  turns.set(client, mine);
  if (previous) await previous;
  try {
    control(client, 'begin').run();
    const tx = Object.create(db, { [inTx]: { value: true } }) as Db;
    try {
      const value = await work(tx);
      control(client, 'commit').run();
      return value;
    } catch (error) {
      if (client.inTransaction) control(client, 'rollback').run();
      throw error;
    }
  } finally {
    if (turns.get(client) === mine) turns.delete(client);
    done();
  }
}

/**
 * Reads that must agree with each other (a pull's page across its tables, its cursor) in one snapshot.
 * On PostgreSQL a read-only REPEATABLE READ transaction, which waits for no writer: writers commit in
 * version order (postgres.ts, writerLockKey), so the snapshot holds every version up to its newest. On
 * SQLite a turn on the connection, so that no other request's open transaction is seen half done.
 */
export async function inSnapshot<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return work(db);
  if (pgLinkOf(db)) return pgTransaction(db, 'read', work);
  return inTransaction(db, work);
}

/** Whether this handle is an open transaction's (given to `work` by inTransaction). */
export const isTransaction = (db: Db): boolean => (db as { [inTx]?: boolean })[inTx] === true || !!pgLinkOf(db)?.client;

const inTx = Symbol('inTransaction');
/** The last transaction to have asked for each connection; the next one waits for it. */
const turns = new WeakMap<object, Promise<void>>();

async function inSavepoint<T>(tx: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (pgLinkOf(tx)) return inPgSavepoint(tx, work);
  const client = tx.$client;
  control(client, 'savepoint').run();
  try {
    const value = await work(tx);
    control(client, 'release').run();
    return value;
  } catch (error) {
    // A savepoint of the same name nests: ROLLBACK TO and RELEASE take the innermost.
    if (client.inTransaction) {
      control(client, 'rollbackTo').run();
      control(client, 'release').run();
    }
    throw error;
  }
}

async function inPgSavepoint<T>(tx: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  await pgControl(tx, controls.savepoint);
  try {
    const value = await work(tx);
    await pgControl(tx, controls.release);
    return value;
  } catch (error) {
    // On PostgreSQL a failed statement spoils the transaction until this rollback to the savepoint.
    await pgControl(tx, controls.rollbackTo);
    await pgControl(tx, controls.release);
    throw error;
  }
}

const controls = {
  // IMMEDIATE: the write lock is taken at BEGIN, so another process (a backup, the CLI) waits at its
  // start (busy_timeout) rather than failing half way with SQLITE_BUSY.
  begin: 'BEGIN IMMEDIATE',
  commit: 'COMMIT',
  rollback: 'ROLLBACK',
  savepoint: 'SAVEPOINT m',
  release: 'RELEASE m',
  rollbackTo: 'ROLLBACK TO m',
};
const controlStatements = new WeakMap<object, Map<string, { run: () => unknown }>>();

function control(client: Db['$client'], name: keyof typeof controls): { run: () => unknown } {
  let statements = controlStatements.get(client);
  if (!statements) controlStatements.set(client, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = client.prepare(controls[name])));
  return statement;
}
