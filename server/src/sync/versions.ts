import { eq, sql } from 'drizzle-orm';
import { randomFillSync } from 'node:crypto';
import type { Db } from '../db/connection';
import { prepared } from '../db/prepared';
import { counters, meta, versionLog } from '../db/schema';
import { deferredWritesOf } from './deferred-writes';

/** A version and the nonce that tells this history's version from a restored one's. */
export interface VersionStamp {
  version: number;
  nonce: string;
}

/** Adds one to a named counter inside the caller's transaction and answers the new value (1 for a new counter). */
async function increment(db: Db, name: string): Promise<number> {
  // Once a mutation: one statement, prepared once and kept (db/prepared.ts; issue 24, point 1).
  const addOne = prepared(db, 'counter:addOne', () =>
    db
      .insert(counters)
      .values({ name: sql.placeholder('name'), value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
      .returning({ value: counters.value })
      .prepare(),
  );
  return (await addOne.get({ name }))!.value;
}

/**
 * Random nonces taken 8 bytes at a time from a pool filled 4 KiB at once: randomBytes(8) per
 * mutation cost about 14 us (a call into the system's generator each time), the pool a copy.
 */
const noncePool = Buffer.alloc(4096);
let nonceOffset = noncePool.length;

function freshNonce(): string {
  if (nonceOffset + 8 > noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('hex', nonceOffset, nonceOffset + 8);
  nonceOffset += 8;
  return nonce;
}

/**
 * The next version of the global counter, logged with a fresh nonce (see versionLog). Every row a
 * mutation writes carries this one version; call it once per mutation, inside its transaction. In a
 * push (or a REST mutation), the counter and the log are written at the transaction's end
 * (deferred-writes.ts); a caller without deferred writes (a test's own transaction) writes them now.
 */
export async function stampVersion(db: Db, mutationId: string): Promise<VersionStamp> {
  const nonce = freshNonce();
  const deferred = deferredWritesOf(db);
  if (deferred) return { version: await deferred.nextVersion(db, nonce, mutationId), nonce };
  const version = await increment(db, 'version');
  await db.insert(versionLog).values({ version, nonce, mutationId }).run();
  return { version, nonce };
}

/** The nonce of a version this database gave out, or null when it never did. */
export async function nonceOf(db: Db, version: number): Promise<string | null> {
  if (version === 0) return '';
  const kept = deferredWritesOf(db)?.nonceOf(version);
  if (kept !== undefined) return kept;
  return (await db.select({ nonce: versionLog.nonce }).from(versionLog).where(eq(versionLog.version, version)).get())?.nonce ?? null;
}

export async function currentVersion(db: Db): Promise<number> {
  return (await db.select({ value: counters.value }).from(counters).where(eq(counters.name, 'version')).get())?.value ?? 0;
}

export async function serverId(db: Db): Promise<string> {
  return (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, 'serverId')).get())!.value;
}

/** Next number of a named sequence (service ids, job numbers), inside the caller's transaction. */
export async function nextSequence(db: Db, name: string): Promise<number> {
  return increment(db, name);
}
