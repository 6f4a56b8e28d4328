import { eq, inArray, sql } from 'drizzle-orm';
import { inTransaction, isTransaction, prepared } from '../db/prepared';
import type { Db } from '../db/connection';
import { isDuplicateKey, isUniqueViolation } from '../db/duplicate-key';
import { appliedMutations } from '../db/schema';
import type { AuthUser } from '../auth/tokens';
import { assertCan } from '../auth/require-auth';
import { HttpError, badRequest, conflict, parseOrThrow } from '../http/errors';
import { MutationTx, findLiveRow, findRow } from '../mutations/mutation-tx';
import { serverMutators } from '../mutations/registry';
import { nonceOf } from './versions';
import { deferredWritesOf, withDeferredWrites } from './deferred-writes';
import { answerOf } from './tombstone';
import { loggedResult, replayedResult } from './logged-result';
import { findMutation, type MutationName } from '@shared/mutations/definitions';
import { recordKey, type RecordRef } from '@shared/sync/tables';
import { definedTouches } from '@shared/sync/push-weight';
import { serverFailureMessage, type MutationOutcome, type RecordState } from '@shared/sync/messages';
import { notYetStatus, olderServerMessage, olderServerStatus, syncProtocol } from '@shared/sync/protocol';
import { rejudgeSessionsOfWrittenRecords } from '../mutations/drawer/rejudge-sessions';

export interface MutationRequest {
  id: string;
  name: string;
  args: unknown;
  /** Record keys the device says the mutation touched (answered on a rejection). */
  touches?: string[];
  /** A REST request's digest (run-mutation.ts): its Idempotency-Key may not be reused for another request. */
  requestHash?: string;
  /** Pushed by a device: what it records already happened there (a sale printed, a payment taken). */
  fromDevice?: boolean;
  /** A pushed entry's device clock and its offset from the server's: when it happened (MutationTx.happenedAt). */
  createdAt?: string;
  clockOffsetMs?: number;
  /** The device that made a pushed entry. */
  clientId?: string;
  /** The register code that device holds (a push's; adopted only as MutationTx.register says). */
  deviceCode?: string;
}

type Execute = (tx: MutationTx) => Promise<unknown>;

/** One mutation, in a transaction of its own (the REST routes). */
export async function applyMutation(db: Db, user: AuthUser, request: MutationRequest, execute?: Execute): Promise<MutationOutcome> {
  return inTransaction(db, async (tx) => withDeferredWrites(tx, async () => applyOne(tx, user, request, execute)));
}

/**
 * A device's push: the whole batch in one transaction, so an answer is sent only once the batch is
 * on disk, with one fsync for the batch rather than one per mutation (issue 6, defect 5).
 *
 * Each entry needs a savepoint only to be undone alone when it fails (a refusal, a fault), and most
 * pushes have no such entry: a push is first applied without savepoints, and if any entry fails, that
 * attempt is rolled back whole and the push applied again with a savepoint an entry (issue 46,
 * "Speed": two round trips an entry on PostgreSQL). Both attempts answer alike; the first one's
 * answers are never sent.
 */
export async function applyBatch(db: Db, user: AuthUser, requests: MutationRequest[], device: { protocol: number } = { protocol: syncProtocol }): Promise<MutationOutcome[]> {
  // Within a transaction of its caller's, a push keeps to that one's deferred writes: entry by entry.
  if (!isTransaction(db) && !requests.some((request) => failedLately.has(request.id)))
    try {
      return await applyBatchAs('together', db, user, requests, device);
    } catch (error) {
      // Whatever failed, the attempt is gone with its transaction; the careful one tells an entry's
      // failure from the push's (and logs an entry's fault), as it always has. A failure that was not an
      // entry's (the flush, the connection) is logged here, since the second attempt may not meet it.
      if (!(error instanceof EntryFailed)) console.error('a push failed; applying it again, an entry at a time', error);
    }
  const outcomes = await applyBatchAs('savepoints', db, user, requests, device);
  for (const outcome of outcomes) noteFailed(outcome);
  return outcomes;
}

/**
 * The ids of entries lately answered without a record (not yet, 425; a fault, 5xx), the last 1,000 in
 * this process. Such an entry comes back in its device's every push until the record it waits for
 * arrives, and would fail the first attempt of each: a push holding one is applied entry by entry at
 * once, not twice.
 */
const failedLately = new Set<string>();
const failedLatelyMax = 1000;

function noteFailed(outcome: MutationOutcome): void {
  failedLately.delete(outcome.id);
  // Not 501, an operation of a newer build: answered without failing the first attempt (notYetKnown).
  if (outcome.status !== 'rejected' || !(outcome.httpStatus === notYetStatus || (outcome.httpStatus >= 500 && outcome.httpStatus !== olderServerStatus))) return;
  failedLately.add(outcome.id);
  if (failedLately.size > failedLatelyMax) failedLately.delete(failedLately.values().next().value!);
}

async function applyBatchAs(mode: Mode, db: Db, user: AuthUser, requests: MutationRequest[], device: { protocol: number }): Promise<MutationOutcome[]> {
  return inTransaction(db, async (db) =>
    withDeferredWrites(db, async (writes) => {
      writes.together = mode === 'together';
      // The exactly-once log is asked once for the whole push, not once a mutation (issue 24: a tenth
      // of a push's statements). An id met twice in one push is asked again at its second turn, when
      // the log holds what its first turn recorded.
      const logged = new Map(
        (
          await db
            .select()
            .from(appliedMutations)
            .where(inArray(appliedMutations.id, [...new Set(requests.map((request) => request.id))]))
            .all()
        ).map((row) => [row.id, row]),
      );
      const seen = new Set<string>();
      // One after another: each mutation sees what the ones before it wrote.
      const outcomes: MutationOutcome[] = [];
      for (const request of requests) {
        if (device.protocol > syncProtocol && !findMutation(request.name)) {
          outcomes.push(await notYetKnown(db, request));
          continue;
        }
        const previous = seen.has(request.id) ? await findLogged(db, request.id) : logged.get(request.id);
        seen.add(request.id);
        outcomes.push(await applyOne(db, user, { ...request, fromDevice: true }, undefined, previous ?? null, mode));
      }
      // The checks and writes not waited for (deferred-writes.ts, together), and the push's own rows
      // sent after them: one that failed fails the attempt.
      if (writes.together)
        await writes.flush(db).catch((error: unknown) => {
          // A refusal (a check's, a key's) is the careful attempt's to answer; anything else is a fault to see.
          if (!(error instanceof HttpError) && !isDuplicateKey(error) && !isUniqueViolation(error))
            console.error("a push's statements failed at its end; applying it again, an entry at a time", error);
          throw new EntryFailed('a check or write of the push failed', { cause: error });
        });
      return outcomes;
    }),
  );
}

/** A push's entries each in a savepoint of its own, or all together (a failure then undoes the attempt). */
type Mode = 'savepoints' | 'together';

/** Thrown out of an attempt made `together` when an entry failed: the push is applied again with savepoints. */
class EntryFailed extends Error {}

type LoggedMutation = typeof appliedMutations.$inferSelect;

async function findLogged(db: Db, id: string): Promise<LoggedMutation | undefined> {
  const kept = deferredWritesOf(db)?.loggedAs(id);
  if (kept) return kept;
  return prepared(db, 'appliedMutations:find', () =>
    db
      .select()
      .from(appliedMutations)
      .where(eq(appliedMutations.id, sql.placeholder('id')))
      .prepare(),
  ).get({ id });
}

/**
 * A mutation this server does not know, from a build newer than the server: most likely one of the
 * build's new operations, which a later server applies. Refused without a record (a record would
 * refuse it again after the update), and the device keeps it in its outbox (shared/sync/protocol.ts).
 */
async function notYetKnown(db: Db, request: MutationRequest): Promise<MutationOutcome> {
  return rejection(db, request, new HttpError(olderServerStatus, olderServerMessage(request.name)));
}

/**
 * Exactly once (docs/sync-rules.md, rule 3): the mutation's effect and the record of its id commit together. A
 * mutation seen before answers what it answered then and changes nothing. A refusal (4xx) is an
 * answer, recorded too; so is a failure of the server's own, after its savepoint is rolled back,
 * so that one bad mutation never holds back the ones after it.
 */
async function applyOne(
  db: Db,
  user: AuthUser,
  request: MutationRequest,
  execute: Execute = async (tx) => run(tx, request),
  /** The log's entry for this id when the caller has asked already (applyBatch); null: none. */
  known?: LoggedMutation | null,
  mode: Mode = 'savepoints',
): Promise<MutationOutcome> {
  const previous = known === undefined ? await findLogged(db, request.id) : (known ?? undefined);
  if (previous) {
    // A key names one user's one operation: anyone else reusing it learns nothing of the first answer.
    if (previous.name !== request.name || previous.userId !== user.id) {
      return rejection(db, request, conflict('This Idempotency-Key was already used for a different operation.'));
    }
    // Reused for another request: after an apply, answering its result would drop this write unseen;
    // after a refusal, answering it would refuse a request never tried (a fixed body needs a new key).
    if (request.requestHash !== undefined && previous.requestHash !== null && previous.requestHash !== request.requestHash) {
      return rejection(db, request, new HttpError(422, 'This Idempotency-Key was already used for a request with a different body. Use a new key for a new request.'));
    }
    // A push's answer carries no result (project-for-role.ts): a replayed push entry does not read its record back.
    return previous.status === 'applied'
      ? {
          id: request.id,
          status: 'applied',
          ...(request.fromDevice ? {} : { result: await replayedResult(db, previous.result) }),
          at: await atOf(db, previous.version),
          ...(await missingRecords(db, request)),
        }
      : rejection(db, request, new HttpError(previous.httpStatus as 400, previous.message ?? 'Rejected.'));
  }

  // Made inside the try: whatever its envelope holds, one entry's failure is its own answer, never
  // the whole push's 500 (issue 42, point 10: a device time beyond a Date's range threw here).
  let tx: MutationTx | undefined;
  const deferred = deferredWritesOf(db)!;
  const mark = deferred.mark();
  try {
    const attempt = async (db: Db) => {
      tx = await MutationTx.open(db, user, request.id, request.fromDevice ?? false, request.fromDevice ? request : undefined);
      const made = tx;
      // A deleted record answers as a tombstone, without the data it held (sync/tombstone.ts).
      const value = answerOf(await execute(made));
      await made.finish();
      record(db, user, request, {
        status: 'applied',
        httpStatus: 200,
        result: await loggedResult(made, value),
        version: made.stamp?.version ?? null,
        happenedAt: made.happenedAt,
      });
      return value;
    };
    const result = mode === 'together' ? await attempt(db) : await inTransaction(db, attempt);
    const made = tx!;
    const { missing } = made;
    return { id: request.id, status: 'applied', result, at: made.stamp ? `${made.stamp.version}:${made.stamp.nonce}` : null, ...(missing.length > 0 ? { missing } : {}) };
  } catch (error) {
    if (mode === 'together') throw new EntryFailed(request.id, { cause: error });
    // Rolled back to its savepoint: what it kept for the push's end goes too.
    deferred.rewind(mark);
    const refusal = error instanceof HttpError ? error : new HttpError(500, serverFailureMessage);
    if (!(error instanceof HttpError)) console.error(`mutation ${request.name} ${request.id} failed`, error);
    // Not yet (a record it needs is on its way), or a failure of the server's own (5xx: a fault, a
    // series used up): unrecorded, so the device's next offer is tried again rather than answered
    // with this for ever (issue 42, point 3). A refusal of the change itself (4xx) is its answer.
    if (refusal.status !== notYetStatus && refusal.status < 500)
      record(db, user, request, { status: 'rejected', httpStatus: refusal.status, message: refusal.message, happenedAt: tx?.happenedAt });
    return rejection(db, request, refusal);
  }
}

async function run(tx: MutationTx, request: MutationRequest): Promise<unknown> {
  const def = findMutation(request.name);
  if (!def) throw badRequest(`Unknown operation: ${request.name}.`);
  // Permission before validation: a refused role learns nothing about the data's shape.
  assertCan(tx.user, def.permission);
  const args = parseOrThrow(def.schema, request.args);
  const result = await (serverMutators[request.name as MutationName] as (tx: MutationTx, args: unknown) => Promise<unknown>)(tx, args);
  // A cash record that arrived after its drawer session's close: the session is judged again.
  await rejudgeSessionsOfWrittenRecords(tx);
  // The device settles an applied mutation on the rule that every record it touched comes back at
  // the answer's version: one it touched without writing (a sale's customer, a job's customer) is
  // given that version too, so a row a pull held back for it is never dropped for good; one with no
  // row at all is named in the answer (`missing`).
  await tx.restampUnwritten(def.touches(args));
  return result;
}

async function atOf(db: Db, version: number | null): Promise<string | null> {
  return version === null ? null : `${version}:${(await nonceOf(db, version)) ?? ''}`;
}

function record(
  db: Db,
  user: AuthUser,
  request: MutationRequest,
  outcome: { status: 'applied' | 'rejected'; httpStatus: number; result?: unknown; message?: string; version?: number | null; happenedAt?: string },
): void {
  // Written at the transaction's end with the others (deferred-writes.ts).
  deferredWritesOf(db)!.log({
    id: request.id,
    name: request.name,
    userId: user.id,
    status: outcome.status,
    httpStatus: outcome.httpStatus,
    message: outcome.message ?? null,
    result: outcome.result ?? null,
    version: outcome.version ?? null,
    createdAt: new Date().toISOString(),
    requestHash: request.requestHash ?? null,
    happenedAt: outcome.happenedAt ?? null,
  });
}

/**
 * The records a refused mutation touched: what its definition says, never what the device claims in
 * `touches` (issue 24, point 2: 100 unknown entries whose `touches` named the company answered 280 MB).
 */
function touchedRecords(request: MutationRequest): RecordRef[] {
  return definedTouches(request.name, request.args);
}

/**
 * The records an applied mutation touched that this server holds no row for at all, not even a
 * tombstone. The device settles an applied mutation on the rule that each record it touched comes
 * back in a later pull (restampUnwritten), but a record with no row never does: a line that only an
 * entry the server refused would have made (its refusal's state was not written on the device,
 * because this later entry still touched the line), or a line a restore from a backup lost while a
 * device still held it for an edit not yet sent. Told nothing, the device kept that line for good;
 * named here, it drops it. Rows are never deleted here (deletes are tombstones), so a record missing
 * now was never made in this database's history, and one made later comes in a later pull.
 * Used for a replayed answer: a fresh one takes them from its own lookups (MutationTx.missing).
 */
async function missingRecords(db: Db, request: MutationRequest): Promise<{ missing?: string[] }> {
  const missing: string[] = [];
  for (const ref of touchedRecords(request)) if (!(await findRow(db, ref.table, ref.id))) missing.push(recordKey(ref));
  return missing.length > 0 ? { missing } : {};
}

/** The server's state of each record: its live row, or null (missing or a tombstone). */
export async function currentStates(db: Db, refs: RecordRef[]): Promise<RecordState[]> {
  const states: RecordState[] = [];
  for (const ref of refs) states.push({ ...ref, row: (await findLiveRow(db, ref.table, ref.id)) ?? null });
  return states;
}

/** A refusal carries the server's current state of every record it touched, so the device can undo its guess. */
async function rejection(db: Db, request: MutationRequest, error: HttpError): Promise<MutationOutcome> {
  const current = await currentStates(db, touchedRecords(request));
  return { id: request.id, status: 'rejected', httpStatus: error.status, message: error.message, current };
}
