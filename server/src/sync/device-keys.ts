import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices } from '../db/schema';
import { HttpError } from '../http/errors';

// A register is known by its clientId, which is no secret: every exported outbox file carries it, and
// a Staff member who read one could push as that register, and a pay-out of theirs would then leave
// another register's drawer (the hostile-device run found it, issue 42). So each device is given a key
// of its own the first time it checks in (POST /api/sync/device), kept on the device (never shown), and
// its pushes and pulls carry it (header `x-device-key`). A register made before keys, or by a build that
// does not ask for one, takes its key at a later check-in (issueDeviceKey); until then it is taken as before.

export { deviceKeyHeader } from '@shared/sync/messages';

export const deviceKeyWords = {
  mismatch: 'This device is not the register it names: log in on the register itself to send its changes.',
} as const;

const newKey = () => randomBytes(24).toString('base64url');

const keyOf = (db: Db, clientId: string) => db.select({ key: devices.key, code: devices.code }).from(devices).where(eq(devices.clientId, clientId)).get();

/**
 * The key to hand a device at its check-in: a new one when its row has none yet; null when it has one
 * already (the device holds it: a device that names another's clientId learns nothing). A register
 * registered before keys (not new) is trusted on first use, but not by just anyone: its register code
 * is printed on every invoice, so it must name it *and* be the user who registered it, or an Admin or
 * a Manager; a Staff member naming another's register gets no key and cannot lock the register out.
 */
export function issueDeviceKey(db: Db, clientId: string, asking: { held: string | undefined; isNew: boolean; user: { id: string; role: string } }): string | null {
  const row = db.select({ key: devices.key, code: devices.code, userId: devices.userId }).from(devices).where(eq(devices.clientId, clientId)).get();
  if (!row || row.key) return null;
  if (!asking.isNew) {
    if (asking.held !== row.code) return null;
    if (asking.user.id !== row.userId && asking.user.role !== 'Admin' && asking.user.role !== 'Manager') return null;
  }
  const key = newKey();
  db.update(devices).set({ key }).where(eq(devices.clientId, clientId)).run();
  return key;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether a request naming `clientId` comes from that device: its key matches, or it has none yet. */
export function isDevice(db: Db, clientId: string | null | undefined, presented: string | undefined): boolean {
  if (!clientId) return false;
  const row = keyOf(db, clientId);
  if (!row?.key) return true;
  return !!presented && same(row.key, presented);
}

/** A push naming a register it does not come from is refused whole, before anything is applied. */
export function assertDevice(db: Db, clientId: string, presented: string | undefined): void {
  if (!isDevice(db, clientId, presented)) throw new HttpError(403, deviceKeyWords.mismatch);
}

/**
 * The key an author's entries made on a device are signed with (shared/sync/entry-signature.ts): their
 * own key bound to the device's, so an entry claiming another register's clientId cannot be signed
 * by anyone who is not on that register. Null for a device without a key (its entries cannot travel
 * in a file: the device sends them itself).
 */
export function entryKeyFor(db: Db, authorKey: string, clientId: string): string | null {
  const key = keyOf(db, clientId)?.key;
  return key ? createHmac('sha256', authorKey).update(`device:${key}`).digest('hex') : null;
}
