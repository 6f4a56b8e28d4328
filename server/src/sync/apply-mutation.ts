import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { appliedMutations } from '../db/schema';
import type { AuthUser } from '../auth/tokens';
import { assertCan } from '../auth/require-auth';
import { HttpError, badRequest, conflict, parseOrThrow } from '../http/errors';
import { applyEntityMutation, liveRow } from '../services/entity-store';
import { findMutation } from '../../../shared/mutations/definitions';
import type { MutationOutcome, RecordState } from '../../../shared/sync/messages';

export interface MutationRequest {
  id: string;
  name: string;
  args: unknown;
}

/**
 * Exactly once: the mutation's effect and the record of its id commit in one transaction. A
 * mutation seen before answers what it answered then and changes nothing. A refusal (4xx) is an
 * answer, recorded too; anything else throws, rolls back, and the caller may retry safely.
 */
export function applyMutation(db: Db, user: AuthUser, request: MutationRequest): MutationOutcome {
  return applyIdempotent(db, user, request, () => run(db, user, request));
}

/**
 * The exactly-once wrapper on its own, for writes that are not entity mutations (staff accounts):
 * `execute` runs inside the transaction and returns the result to store and replay.
 */
export function applyIdempotent(db: Db, user: AuthUser, request: MutationRequest, execute: () => unknown): MutationOutcome {
  const previous = db.select().from(appliedMutations).where(eq(appliedMutations.id, request.id)).get();
  if (previous) {
    // A key names one user's one operation: anyone else reusing it learns nothing of the first answer.
    if (previous.name !== request.name || previous.userId !== user.id) {
      return rejection(db, request, conflict('This Idempotency-Key was already used for a different operation.'));
    }
    return previous.status === 'applied'
      ? { id: request.id, status: 'applied', result: previous.result }
      : rejection(db, request, new HttpError(previous.httpStatus as 400, previous.message ?? 'Rejected.'));
  }

  try {
    // better-sqlite3 is synchronous and has one connection: everything called inside this
    // callback is inside the transaction, so the helpers take `db` itself.
    return db.transaction(() => {
      const result = execute();
      record(db, user, request, { status: 'applied', httpStatus: 200, result });
      return { id: request.id, status: 'applied' as const, result };
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    record(db, user, request, { status: 'rejected', httpStatus: error.status, message: error.message });
    return rejection(db, request, error);
  }
}

function run(db: Db, user: AuthUser, request: MutationRequest): unknown {
  const def = findMutation(request.name);
  if (!def) throw badRequest(`Unknown operation: ${request.name}.`);
  // Permission before validation: a refused role learns nothing about the data's shape.
  assertCan(user, def.permission);
  const args = parseOrThrow(def.schema, request.args) as { id: string } & Record<string, unknown>;
  return applyEntityMutation(db, def, args);
}

function record(
  db: Db,
  user: AuthUser,
  request: MutationRequest,
  outcome: { status: 'applied' | 'rejected'; httpStatus: number; result?: unknown; message?: string },
): void {
  db.insert(appliedMutations)
    .values({
      id: request.id,
      name: request.name,
      userId: user.id,
      status: outcome.status,
      httpStatus: outcome.httpStatus,
      message: outcome.message ?? null,
      result: outcome.result ?? null,
      createdAt: new Date().toISOString(),
    })
    .run();
}

/** A refusal carries the server's current state of the record, so the device can undo its guess. */
function rejection(db: Db, request: MutationRequest, error: HttpError): MutationOutcome {
  const def = findMutation(request.name);
  const id = (request.args as { id?: unknown } | null)?.id;
  const current: RecordState[] =
    def && typeof id === 'string' ? [{ table: def.table, id, row: liveRow(db, def.table, id) }] : [];
  return { id: request.id, status: 'rejected', httpStatus: error.status, message: error.message, current };
}
