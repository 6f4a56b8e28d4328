import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { sendHeldWrites, sendLater } from '../db/postgres';
import { appliedMutations, counters, versionLog } from '../db/schema';

type LoggedMutation = typeof appliedMutations.$inferSelect;
type LoggedVersion = typeof versionLog.$inferSelect;
type KnownDevice = { code: string; createdAt: string } | undefined;

/** Where a transaction's deferred writes stand: what a mutation rolled back to its savepoint is undone to. */
export interface DeferredMark {
  version: number | null;
  versions: number;
  logged: number;
}

/**
 * What every mutation of a push writes to the sync core's own tables, kept until the push's end and
 * written there in a few multi-row statements (issue 46, "Speed"): the version counter, read once and
 * written once; each version's `version_log` row; each mutation's `applied_mutations` record. And what
 * each mutation read of its device, read once a push.
 *
 * Why: each of these was a statement a mutation, a round trip each on PostgreSQL, and the counter's
 * one row was updated in every mutation's savepoint, which PostgreSQL makes quadratic in a push's
 * length (each update walks the versions of the row the push made before it). Nothing is lost by
 * waiting: the writes are in the push's transaction either way, and commit or roll back with it. The
 * counter is read inside the transaction, so under the writers' turn (SQLite's one connection,
 * PostgreSQL's advisory lock): no other writer gives out a version until this push commits.
 *
 * Within the push, the kept rows are read where the tables would have been (`logged`, `nonceOf`), and
 * a mutation rolled back to its savepoint is rewound to its mark, so its version is given out again.
 */
export class DeferredWrites {
  /** The last version given out, once the counter has been read (null: not yet). */
  private version: number | null = null;
  private readonly read: { version: number | null } = { version: null };
  private readonly versions: LoggedVersion[] = [];
  /** The nonce of each version this push gave out (a replay's answer names its version's). */
  private readonly nonces = new Map<number, string>();
  private readonly logged: LoggedMutation[] = [];
  private readonly loggedById = new Map<string, LoggedMutation>();
  private readonly devices = new Map<string, KnownDevice>();
  /**
   * A push applied together (apply-mutation.ts, applyBatch's first attempt): a mutation's checks and
   * its writes are not waited for one by one (mutation-tx.ts, check and send). Their answers are
   * kept here and settled at the push's end, before it commits; any failure fails the attempt, and
   * the push is applied again with a savepoint an entry, where each is waited for as it is made.
   */
  together = false;
  private readonly unsettled: Promise<void>[] = [];
  private failure: { error: unknown } | null = null;

  /** The next version, with its log row kept for the end. */
  async nextVersion(db: Db, nonce: string, mutationId: string): Promise<number> {
    if (this.version === null) {
      const row = await prepared(db, 'counter:version', () =>
        db
          .select({ value: counters.value })
          .from(counters)
          .where(eq(counters.name, sql.placeholder('name')))
          .prepare(),
      ).get({ name: 'version' });
      this.version = this.read.version = row?.value ?? 0;
    }
    this.version += 1;
    this.versions.push({ version: this.version, nonce, mutationId });
    this.nonces.set(this.version, nonce);
    return this.version;
  }

  /** A version's nonce, when this push gave it out. */
  nonceOf(version: number): string | undefined {
    return this.nonces.get(version);
  }

  /** Keeps a mutation's record for the end; a later entry of the push with its id finds it here. */
  log(row: LoggedMutation): void {
    this.logged.push(row);
    this.loggedById.set(row.id, row);
  }

  /** The record of a mutation this push applied or refused already. */
  loggedAs(id: string): LoggedMutation | undefined {
    return this.loggedById.get(id);
  }

  /** The device a push's entries name, read once (`read` at its first ask, and again after `forgetDevice`). */
  async device(clientId: string, read: () => Promise<KnownDevice>): Promise<KnownDevice> {
    if (this.devices.has(clientId)) return this.devices.get(clientId);
    const device = await read();
    this.devices.set(clientId, device);
    return device;
  }

  /** A device row written in the push (sales/device-code.ts, adoptDevice): asked again at the next entry. */
  forgetDevice(clientId: string): void {
    this.devices.delete(clientId);
  }

  /** An answer not waited for: a check's verdict, or a write sent without waiting (together only). */
  keep(answer: Promise<unknown>): void {
    this.unsettled.push(
      answer.then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error };
        },
      ),
    );
  }

  /** Waits for every answer kept; throws the first failure among them. */
  async settle(db: Db): Promise<void> {
    sendHeldWrites(db);
    while (this.unsettled.length > 0) await Promise.all(this.unsettled.splice(0));
    if (this.failure) throw this.failure.error;
  }

  mark(): DeferredMark {
    return { version: this.version, versions: this.versions.length, logged: this.logged.length };
  }

  /** Undoes what was kept since `mark`: the mutation that kept it was rolled back to its savepoint. */
  rewind(mark: DeferredMark): void {
    this.version = mark.version;
    for (const row of this.versions.splice(mark.versions)) this.nonces.delete(row.version);
    for (const row of this.logged.splice(mark.logged)) this.loggedById.delete(row.id);
    // A device row the rolled-back mutation wrote is gone with it.
    this.devices.clear();
  }

  /**
   * Writes what was kept, in the push's transaction, before it commits; then waits for every answer
   * kept (settle). Its statements are sent together, without a round trip each (db/postgres.ts,
   * sendLater). What it wrote is no longer kept: a second flush writes only what came after.
   */
  async flush(db: Db): Promise<void> {
    const later = (write: () => unknown) => sendLater(db, (answer) => this.keep(answer), write);
    for (const rows of inChunks(this.versions.splice(0))) await later(() => insertRows(db, 'versionLog', versionLog, versionColumns, rows));
    for (const rows of inChunks(this.logged.splice(0)))
      await later(() =>
        insertRows(
          db,
          'appliedMutations',
          appliedMutations,
          loggedColumns,
          rows.map((row) => ({ ...row, result: row.result == null ? null : JSON.stringify(row.result) })),
        ),
      );
    if (this.version !== null && this.version !== this.read.version) {
      const version = this.version;
      await later(() =>
        db
          .insert(counters)
          .values({ name: 'version', value: version })
          .onConflictDoUpdate({ target: counters.name, set: { value: version } })
          .run(),
      );
      this.read.version = version;
    }
    await this.settle(db);
  }
}

const versionColumns = ['version', 'nonce', 'mutationId'] as const;
const loggedColumns = ['id', 'name', 'userId', 'status', 'httpStatus', 'message', 'result', 'version', 'createdAt', 'requestHash', 'happenedAt'] as const;

/**
 * Inserts rows in one statement, prepared once per connection and size (db/prepared.ts): building a
 * statement of 64 rows and having SQLite prepare it at every push cost more than the savepoints it
 * replaced. Its values are named `row:column`. `result` is passed raw, not through the json column's
 * encoder, which would store null as the text 'null'.
 */
async function insertRows(
  db: Db,
  key: string,
  table: typeof versionLog | typeof appliedMutations,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const statement = prepared(db, `${key}:insert${rows.length}`, () => {
    const placeholders = rows.map((_, at) =>
      Object.fromEntries(columns.map((column) => [column, column === 'result' ? sql`${sql.placeholder(`${at}:${column}`)}` : sql.placeholder(`${at}:${column}`)])),
    );
    return db
      .insert(table)
      .values(placeholders as unknown as (typeof table.$inferInsert)[])
      .prepare();
  });
  const values: Record<string, unknown> = {};
  const names = valueNames(columns, rows.length);
  rows.forEach((row, at) => {
    const named = names[at]!;
    columns.forEach((column, c) => (values[named[c]!] = row[column] ?? null));
  });
  await statement.run(values);
}

/** The values' names `row:column` of a statement of `size` rows, made once (they were a tenth of a push's flush). */
const namesOf = new Map<string, string[][]>();
function valueNames(columns: readonly string[], size: number): string[][] {
  const key = `${columns.join(',')}:${size}`;
  let names = namesOf.get(key);
  if (!names) namesOf.set(key, (names = Array.from({ length: size }, (_, at) => columns.map((column) => `${at}:${column}`))));
  return names;
}

/**
 * Rows in chunks of a few fixed sizes, so that a push's inserts come in four statement texts at most
 * (PostgreSQL keeps a plan a text: postgres.ts), 250 rows in 10 statements.
 */
function* inChunks<T>(rows: readonly T[]): Generator<T[]> {
  let at = 0;
  for (const size of [64, 16, 4, 1])
    while (rows.length - at >= size) {
      yield rows.slice(at, at + size);
      at += size;
    }
}

/** The deferred writes of the transaction a handle belongs to, if its caller keeps them (withDeferredWrites). */
export const deferredWritesOf = (db: Db): DeferredWrites | undefined => open.get(db);

// Keyed by the transaction's handle; removed at its end (PostgreSQL reuses a connection's handle).
const open = new WeakMap<Db, DeferredWrites>();

/**
 * Runs `work` with deferred writes kept on the transaction handle `tx` and writes them at its end.
 * Inside another's (a push applied within a transaction), it keeps to the outer one, rewound if `work` throws.
 */
export async function withDeferredWrites<T>(tx: Db, work: (writes: DeferredWrites) => Promise<T>): Promise<T> {
  const outer = open.get(tx);
  if (outer) {
    const mark = outer.mark();
    try {
      return await work(outer);
    } catch (error) {
      outer.rewind(mark);
      throw error;
    }
  }
  const writes = new DeferredWrites();
  open.set(tx, writes);
  try {
    const value = await work(writes);
    await writes.flush(tx);
    return value;
  } finally {
    open.delete(tx);
  }
}
