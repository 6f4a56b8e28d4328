import { eq, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { sendLater } from '../db/postgres';
import { isDuplicateKey, isUniqueViolation } from '../db/duplicate-key';
import { conflict } from '../http/errors';
import { devices, syncedTableObjects } from '../db/schema';
import type { AuthUser } from '../auth/tokens';
import { stampVersion, type VersionStamp } from '../sync/versions';
import { deferredWritesOf } from '../sync/deferred-writes';
import { erasedOnDelete } from '../sync/tombstone';
import type { SyncedRow, SyncedTable } from '@shared/sync/tables';
import { happenedAt, type Occurred } from '@shared/domain/device-time';
import { adoptDevice } from '../sales/device-code';
import type { RecordRefResult } from '../sync/logged-result';

/**
 * What a mutation answers for a row it wrote (answerRow): the row as stored over REST, the record's
 * name and version in a device's push.
 */
export type RowAnswer = SyncedRow | RecordRefResult;

// Drizzle's synced tables share id/version/deleted/updatedAt; generic code sees them through this cast.
export function tableOf(table: SyncedTable) {
  return syncedTableObjects[table] as unknown as SQLiteTable & { id: SQLiteColumn; version: SQLiteColumn };
}

export async function findRow(db: Db, table: SyncedTable, id: string): Promise<SyncedRow | undefined> {
  const statement = prepared(db, `find:${table}`, () => {
    const t = tableOf(table);
    return db
      .select()
      .from(t)
      .where(eq(t.id, sql.placeholder('id')))
      .prepare();
  });
  return (await statement.get({ id })) as SyncedRow | undefined;
}

/** The names of the fields that carry a value (an undefined one is left to the column's default, as drizzle does). */
const definedKeys = (fields: Record<string, unknown>) => Object.keys(fields).filter((key) => fields[key] !== undefined);
const placeholders = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));

/** An insert of these columns into the table, prepared once for each set of columns. */
async function insertRow(db: Db, table: SyncedTable, row: Record<string, unknown>): Promise<void> {
  const keys = definedKeys(row);
  const statement = prepared(db, `insert:${table}:${keys.join(',')}`, () =>
    db
      .insert(tableOf(table))
      .values(placeholders(keys) as never)
      .prepare(),
  );
  await statement.run(row);
}

/** The same insert, answering the row as stored (its RETURNING, not another read). */
async function insertRowReturning(db: Db, table: SyncedTable, row: Record<string, unknown>): Promise<SyncedRow> {
  const keys = definedKeys(row);
  const statement = prepared(db, `insertReturning:${table}:${keys.join(',')}`, () =>
    db
      .insert(tableOf(table))
      .values(placeholders(keys) as never)
      .returning()
      .prepare(),
  );
  return (await statement.get(row)) as unknown as SyncedRow;
}

/**
 * Runs an insert; an id already taken is the caller's conflict (`duplicate`), not a failed statement (a 500).
 * A failed unique index may hide a taken id (duplicate-key.ts, isUniqueViolation): the row is read then.
 */
async function refusingDuplicate<T>(db: Db, table: SyncedTable, id: string, duplicate: string | undefined, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (duplicate !== undefined && (isDuplicateKey(error) || (isUniqueViolation(error) && (await findRow(db, table, id))))) throw conflict(duplicate);
    throw error;
  }
}

/** An update of these columns of the row with this id, prepared once for each set of columns. */
async function updateRow(db: Db, table: SyncedTable, id: string, fields: Record<string, unknown>): Promise<void> {
  const keys = definedKeys(fields);
  const statement = prepared(db, `update:${table}:${keys.join(',')}`, () => {
    const t = tableOf(table);
    // The row's id is placeholder 'id' of the where clause: a column named id is never in `fields`.
    return db
      .update(t)
      .set(placeholders(keys) as never)
      .where(eq(t.id, sql.placeholder('rowId')))
      .prepare();
  });
  await statement.run({ ...fields, rowId: id });
}

/** The registered device of this client id: its code and when this server first met it. */
async function deviceOf(db: Db, clientId: string): Promise<{ code: string; createdAt: string } | undefined> {
  const read = async () =>
    prepared(db, 'devices:byClientId', () =>
      db
        .select({ code: devices.code, createdAt: devices.createdAt })
        .from(devices)
        .where(eq(devices.clientId, sql.placeholder('clientId')))
        .prepare(),
    ).get({ clientId });
  // Once a push, not once an entry: its entries are one device's (deferred-writes.ts).
  const deferred = deferredWritesOf(db);
  return deferred ? deferred.device(clientId, read) : read();
}

/** The client id of the device that holds this code, if any. */
async function codeHolder(db: Db, code: string): Promise<string | undefined> {
  return (
    await prepared(db, 'devices:byCode', () =>
      db
        .select({ clientId: devices.clientId })
        .from(devices)
        .where(eq(devices.code, sql.placeholder('code')))
        .prepare(),
    ).get({ code })
  )?.clientId;
}

/** The row if it exists and is not a tombstone. */
export async function findLiveRow(db: Db, table: SyncedTable, id: string): Promise<SyncedRow | undefined> {
  const row = await findRow(db, table, id);
  return row && !row.deleted ? row : undefined;
}

/**
 * What a mutation's server apply gets: the open transaction, who runs it, and writes that stamp
 * every row with the mutation's one version (docs/sync-rules.md, rule 6), taken at its first write.
 */
export class MutationTx {
  /** When the server received it: every row's `updatedAt`, and a fact's `receivedAt`. */
  readonly now = new Date().toISOString();
  /**
   * When it happened: for a device's push, the device's time corrected by its clock offset (never
   * after `now`); for a REST request, `now`. Facts (status moves, sales, payments, stock movements)
   * carry it, beside `receivedAt` (shared/domain/device-time.ts).
   */
  readonly happenedAt: string;
  /** How far ahead of its arrival the device's corrected time was; 0 when it was not (flagged on screen). */
  readonly clockAheadMs: number;
  /** The device that made it (a push), whose register code its invoice numbers must carry; null over REST. */
  readonly clientId: string | null;
  private stamped: VersionStamp | null = null;
  private registerCode: string | undefined;
  private readonly knownCode: string | undefined;
  private adopting = false;
  /** `table:id` of every row this mutation wrote. */
  private readonly written = new Set<string>();
  /** `table:id` of touched records that had no row at all, not even a tombstone (found by restampUnwritten). */
  private readonly absent = new Set<string>();

  /**
   * A mutation's transaction, with what this server knows of the device that made it (a read, so
   * made here rather than in a constructor): its register code, and when the server first met it.
   */
  static async open(
    db: Db,
    user: AuthUser,
    mutationId: string,
    /** A device's push: a sale or payment in it already happened at the counter and is not refused for its date. */
    fromDevice = false,
    /** A push's envelope: the device that made it, its clock when it did, and that clock's offset from the server's. */
    device?: { clientId?: string; createdAt?: string; clockOffsetMs?: number; deviceCode?: string },
  ): Promise<MutationTx> {
    const clientId = device?.clientId;
    const known = fromDevice && clientId ? await deviceOf(db, clientId) : undefined;
    // A code the device says it holds, kept when no device holds it (see `register`); asked only when it could be adopted.
    const claimed = device?.deviceCode;
    const adoptable = fromDevice && clientId && !known && claimed && (await codeHolder(db, claimed)) === undefined ? claimed : undefined;
    return new MutationTx(db, user, mutationId, fromDevice, device, known, adoptable);
  }

  private constructor(
    readonly db: Db,
    readonly user: AuthUser,
    readonly mutationId: string,
    readonly fromDevice: boolean,
    device: { clientId?: string; createdAt?: string; clockOffsetMs?: number } | undefined,
    known: { code: string; createdAt: string } | undefined,
    private readonly adoptableCode: string | undefined,
  ) {
    this.clientId = device?.clientId ?? null;
    // The device as this server knows it: its register code, and when the server first met it (a
    // device's time is not believed before then: shared/domain/device-time.ts).
    this.knownCode = known?.code;
    const when = device?.createdAt ? happenedAt(device.createdAt, device.clockOffsetMs ?? 0, Date.parse(this.now), known ? Date.parse(known.createdAt) : undefined) : null;
    this.happenedAt = when?.at ?? this.now;
    this.clockAheadMs = when?.clockAheadMs ?? 0;
  }

  /** When a fact happened, when the server received it, any clock flag, and the register it happened at. */
  get occurred(): Occurred {
    return { at: this.happenedAt, receivedAt: this.now, clockAheadMs: this.clockAheadMs, register: this.register };
  }

  /**
   * The register a push came from: its device's code as this server gave it (server/src/sales/device-code.ts),
   * never what the push says; '' over REST or for a device without a code. A cash-up counts its drawer by it.
   * A server restored from a backup older than the register holds no code for it: the code the push
   * says the device holds is adopted then, if no device holds it (as an invoice number's code is,
   * sales/printed-number.ts), so its drawer and payments stay its own.
   */
  get register(): string {
    if (!this.fromDevice || !this.clientId) return '';
    if (this.registerCode === undefined) {
      this.registerCode = this.knownCode ?? this.adoptableCode ?? '';
      // Kept by a row of its own, written with the mutation's other writes (finish()).
      if (this.knownCode === undefined && this.adoptableCode !== undefined) this.adopting = true;
    }
    return this.registerCode;
  }

  /** Writes what the mutation's reads decided on the way (an adopted register code); called before its record. */
  async finish(): Promise<void> {
    if (!this.adopting || !this.clientId || this.adoptableCode === undefined) return;
    this.adopting = false;
    // A sale numbered with that code may have adopted it already in this mutation (printed-number.ts).
    await adoptDevice(this.db, this.clientId, this.adoptableCode, this.user.id, this.now);
  }

  /** The version this mutation writes at, or null while it has written nothing. */
  get stamp(): VersionStamp | null {
    return this.stamped;
  }

  /** Touched records that have no row at all, unless this mutation wrote them after all: the answer names them. */
  get missing(): string[] {
    return [...this.absent].filter((key) => !this.written.has(key));
  }

  /** The ids of the rows of `table` this mutation wrote. */
  writtenIds(table: SyncedTable): string[] {
    const prefix = `${table}:`;
    return [...this.written].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  }

  /** The table of the row of this id that this mutation wrote, if it wrote one. */
  tableWritten(id: string): SyncedTable | undefined {
    for (const key of this.written) {
      const colon = key.indexOf(':');
      if (key.slice(colon + 1) === id) return key.slice(0, colon) as SyncedTable;
    }
    return undefined;
  }

  async version(): Promise<number> {
    this.stamped ??= await stampVersion(this.db, this.mutationId);
    return this.stamped.version;
  }

  async find(table: SyncedTable, id: string): Promise<SyncedRow | undefined> {
    return findRow(this.db, table, id);
  }

  async findLive(table: SyncedTable, id: string): Promise<SyncedRow | undefined> {
    return findLiveRow(this.db, table, id);
  }

  /**
   * A check of what the database holds, whose answer decides nothing but whether the mutation stands:
   * `verdict` throws to refuse. Judged as soon as `read` answers; in a push applied together
   * (deferred-writes.ts), at the push's end instead, so the mutation goes on without a round trip
   * (its read sent later, with the push's writes: db/postgres.ts, sendLater). A refusal there fails
   * that attempt, and the push is applied again entry by entry, where this judges at once: the
   * answers are the same, since the read comes at the same point among the push's statements.
   */
  async check<T>(read: () => T | Promise<T>, verdict: (answer: T) => void): Promise<void> {
    const deferred = deferredWritesOf(this.db);
    if (deferred?.together) {
      const kept = (answer: Promise<unknown>) => deferred.keep(answer);
      deferred.keep(Promise.resolve(sendLater(this.db, kept, read, 'held')).then(verdict));
    } else verdict(await read());
  }

  /**
   * check(), for a refusal a unique index also makes (a live item's barcode). In a push applied
   * together nothing is read: a write the index refuses fails the attempt, and the push applied again
   * entry by entry judges it here, with its message.
   */
  async checkIndexed<T>(read: () => T | Promise<T>, verdict: (answer: T) => void): Promise<void> {
    if (!deferredWritesOf(this.db)?.together) await this.check(read, verdict);
  }

  /** Runs a write; in a push applied together, sent later without waiting for its answer (db/postgres.ts, sendLater). */
  private async send(start: () => unknown): Promise<void> {
    const deferred = deferredWritesOf(this.db);
    await (deferred?.together ? sendLater(this.db, (answer) => deferred.keep(answer), start) : start());
  }

  /**
   * What a mutation answers for a row it wrote. A REST caller gets the row as stored. A device's push
   * is answered without it (project-for-role.ts: a device reads its rows in the pull), so there the
   * record's name and version are the answer, the form the exactly-once log keeps a row in
   * (logged-result.ts), and nothing is read.
   */
  async answerRow(table: SyncedTable, id: string): Promise<RowAnswer> {
    if (this.fromDevice) return { record: { table, id, version: await this.version() } };
    const row = await findRow(this.db, table, id);
    if (!row) throw new Error(`answerRow: no ${table} row ${id}`);
    return row;
  }

  /**
   * Inserts a new row at this mutation's version. With `duplicate`, an id already taken is refused
   * with that message (409) by the table's key, where a caller would otherwise read the row first.
   */
  async insert(table: SyncedTable, fields: { id: string } & Record<string, unknown>, duplicate?: string): Promise<void> {
    const row = await this.rowToInsert(fields);
    await refusingDuplicate(this.db, table, fields.id, duplicate, () => this.send(() => insertRow(this.db, table, row)));
    this.written.add(`${table}:${fields.id}`);
  }

  /** insert(), answering the row (answerRow): over REST the row as stored, from the insert's RETURNING rather than another read. */
  async insertReturning(table: SyncedTable, fields: { id: string } & Record<string, unknown>, duplicate?: string): Promise<RowAnswer> {
    if (this.fromDevice) {
      await this.insert(table, fields, duplicate);
      return this.answerRow(table, fields.id);
    }
    const row = await this.rowToInsert(fields);
    const stored = await refusingDuplicate(this.db, table, fields.id, duplicate, () => insertRowReturning(this.db, table, row));
    this.written.add(`${table}:${fields.id}`);
    return stored;
  }

  private async rowToInsert(fields: { id: string } & Record<string, unknown>): Promise<Record<string, unknown>> {
    return { ...fields, deleted: false, updatedAt: this.now, version: await this.version() };
  }

  async update(table: SyncedTable, id: string, fields: Record<string, unknown>): Promise<void> {
    this.written.add(`${table}:${id}`);
    const row = { ...fields, updatedAt: this.now, version: await this.version() };
    await this.send(() => updateRow(this.db, table, id, row));
  }

  /**
   * A write of the mutation's own (a statement the generic ones above cannot make: stock moved by a
   * delta, recordMovement), stamped with `version()`, to the row of `id`. It counts as written, so
   * restampUnwritten leaves it alone rather than stamping it again with the same version. Sent like
   * theirs: in a push applied together, without waiting for its answer.
   */
  async writeOwn(table: SyncedTable, id: string, start: () => unknown): Promise<void> {
    this.written.add(`${table}:${id}`);
    await this.send(start);
  }

  /** Deletes a record as a tombstone, with any personal data in it erased (sync/tombstone.ts). */
  async tombstone(table: SyncedTable, id: string): Promise<void> {
    await this.update(table, id, { ...erasedOnDelete[table], deleted: true });
  }

  /**
   * Once this mutation has written anything, gives each existing record of `refs` it has not
   * written the mutation's version, changing nothing else. A device settles an applied mutation on
   * the rule that each record it touched comes back in the next pull at the answer's version
   * (client/src/sync/sync-engine.ts, settle): a row a pull held back for that record, older than the
   * answer, is dropped. A record named in `touches` but left as it was would keep the device's guess
   * for good. (A mutation that wrote nothing answers no version, and the held-back rows are written.)
   * A touched record with no row at all goes into `missing`, which the answer names.
   */
  async restampUnwritten(refs: readonly { table: SyncedTable; id: string }[]): Promise<void> {
    for (const { table, id } of refs) {
      if (this.written.has(`${table}:${id}`)) continue;
      // Waited for even in a push applied together: a record with no row is named in the answer
      // (`missing`), which is made before the push's end. An unpaid sale's payment is one (its sale
      // touches it), so failing the attempt on it would apply every such push twice.
      if (!(await this.find(table, id))) {
        this.absent.add(`${table}:${id}`);
        continue;
      }
      if (!this.stamped) continue;
      this.written.add(`${table}:${id}`);
      const version = await this.version();
      await this.send(() => updateRow(this.db, table, id, { version }));
    }
  }
}
