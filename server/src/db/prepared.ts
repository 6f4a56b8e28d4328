import { is, Param, Placeholder } from 'drizzle-orm';
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
 * Runs `work` in a transaction, or in a savepoint when one is open already (better-sqlite3's
 * transaction: committed or released when `work` returns, rolled back when it throws). The wrapper
 * is made once per connection: `db.$client.transaction(fn)` builds four wrapped functions each
 * time it is called, which a push paid for every mutation (issue 24, point 1).
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  const run = prepared(db, 'transaction', () => db.$client.transaction((body: () => unknown) => body()));
  return run(work) as T;
}
