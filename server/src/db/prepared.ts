import type { Db } from './connection';

/**
 * Statements prepared once per database connection and kept (issue 24, point 1): building a drizzle
 * query and having SQLite prepare it again for every row cost about 0.7 ms a row, most of a push's
 * time. A statement is built by `build` the first time its key is asked for, with `sql.placeholder`
 * for each value, and run afterwards with the values alone.
 */
const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, key: string, build: () => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) statements.set(key, (statement = build()));
  return statement;
}

/**
 * Runs `work` in a transaction, or in a savepoint when one is open already (better-sqlite3's
 * transaction: committed or released when `work` returns, rolled back when it throws). The wrapper
 * is made once per connection: `db.$client.transaction(fn)` builds four wrapped functions each
 * time it is called, which a push paid for every mutation (issue 24, point 1).
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  const run = prepared(db, 'transaction', () => db.$client.transaction((body: () => unknown) => body()));
  return run(work) as T;
}
