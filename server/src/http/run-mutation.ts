import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import type { AppDeps, AppEnv } from './context';
import { HttpError, badRequest } from './errors';
import { applyMutation } from '../sync/apply-mutation';
import type { MutationName } from '@shared/mutations/definitions';
import { newRecordId } from '@shared/sync/record-id';

/**
 * The REST routes write through the same named mutations as the devices' outbox. The
 * Idempotency-Key header plays the outbox id's part: the same key twice applies once. A request
 * that runs a second mutation names it by the key and a `keySuffix` of its own. The key names one
 * request: reused for another method, path or body it is refused (422), never answered with the
 * first request's result while the second write is dropped.
 */
export async function runMutation(
  c: Context<AppEnv>,
  { db, changes }: AppDeps,
  name: MutationName,
  // A request body, unchecked: the mutation's schema checks it and answers 400 with its message.
  args: unknown,
  { keySuffix = '' }: { keySuffix?: string } = {},
): Promise<unknown> {
  const key = c.req.header('Idempotency-Key')?.trim();
  if (key !== undefined && (key.length < 8 || key.length > 64)) {
    throw badRequest('Idempotency-Key must be 8 to 64 characters.');
  }
  const outcome = await applyMutation(db, c.get('user'), { id: key ? `${key}${keySuffix}` : newRecordId(), name, args, requestHash: key ? requestHashOf(c) : undefined });
  if (outcome.status === 'rejected') throw new HttpError(outcome.httpStatus as 400, outcome.message);
  if (outcome.at) changes.notify();
  return outcome.result;
}

/** The request as its Idempotency-Key must name it again: method, path and body (as readJson read it). */
export function requestHashOf(c: Context<AppEnv>): string {
  return createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n${c.get('bodyDigest') ?? ''}`)
    .digest('hex');
}

/** Body for a create: the client may send `id` (a device-made UUID) or null; null gets one made here. */
export function withId(body: unknown, id?: string): Record<string, unknown> {
  // A body that is not an object (null, an array, a string) is refused: read as {} it would make
  // an update a silent no-op that still bumps the version.
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const fields = body as Record<string, unknown>;
  const given = typeof fields.id === 'string' && fields.id ? fields.id : undefined;
  return { ...fields, id: id ?? given ?? newRecordId() };
}
