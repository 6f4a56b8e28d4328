import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { meta } from '../db/schema';
import { signaturePattern } from '@shared/sync/entry-signature';
import { entryKeyFor } from './device-keys';

// Each user's key for signing the changes they make on a device (shared/sync/entry-signature.ts):
// derived from the server's secret (made once, in the database's meta table) and the user's id, so
// nothing is stored per user or device and the server can check a change made months ago. The
// device is given the key of whoever logs in on it and forgets it at logout, as it forgets the
// session: a Staff member on a shared counter PC never holds a Manager's key.

const secrets = new WeakMap<Db, string>();

async function secretOf(db: Db): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, 'entrySigningSecret')).get())!.value;
    secrets.set(db, secret);
  }
  return secret;
}

/** The key a user signs their changes with, on any device (hex). */
export async function authorSigningKey(db: Db, userId: string): Promise<string> {
  return createHmac('sha256', await secretOf(db))
    .update(`entry-author:${userId}`)
    .digest('hex');
}

/** The HMAC-SHA256 of `text` under `key` (its UTF-8 bytes), as the device's WebCrypto makes it. */
export function hmacHex(key: string, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/**
 * Whether `signature` is `text` signed by `userId` on the device `clientId`: with the user's key bound
 * to that device's (sync/device-keys.ts, entryKeyFor), so neither another user nor another device
 * could have made it. A device without a key signs nothing that can be checked.
 */
export async function signedBy(db: Db, userId: string, clientId: string, text: string, signature: string | undefined): Promise<boolean> {
  if (!signature || !signaturePattern.test(signature)) return false;
  const key = await entryKeyFor(db, await authorSigningKey(db, userId), clientId);
  return !!key && timingSafeEqual(Buffer.from(hmacHex(key, text), 'hex'), Buffer.from(signature, 'hex'));
}
