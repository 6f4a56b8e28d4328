import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices } from '../db/schema';
import { HttpError } from '../http/errors';

// A register is known by its clientId, which is no secret: every exported outbox file carries it, and
// a Staff member who read one could push as that register, and a pay-out of theirs would then leave
// another register's drawer (the hostile-device run found it, issue 42). So each device makes a key of
// its own, keeps it (never shown) and sends it with its check-in (POST /api/sync/device); the server
// takes the first one it is given for that register, and from then on the register's pushes and pulls
// must carry it (header `x-device-key`). The key is made on the device, not given by the server, so an
// answer lost on the way (a reload, the Wi-Fi) cannot leave a register locked out of its own account.
// A register made before keys, or by an older build, is taken as before until a check-in gives it one.

export { deviceKeyHeader } from '@shared/sync/messages';

export const deviceKeyWords = {
  mismatch: 'This device is not the register it names: log in on the register itself to send its changes.',
} as const;

const keyOf = async (db: Db, clientId: string) => db.select({ key: devices.key }).from(devices).where(eq(devices.clientId, clientId)).get();

/**
 * Takes the key a device sent with its check-in, when the server holds none for that register yet:
 * a device registered just now, or one registered before keys (or by an older build). The latter is
 * trusted on first use, but not from just anyone: its register code is printed on every invoice, so
 * the check-in must name it *and* come from the user who registered it, or an Admin or a Manager; a
 * Staff member naming another's register cannot give it a key and lock it out. A register that holds
 * a key keeps it: a device naming another's clientId changes nothing.
 */
export async function takeDeviceKey(
  db: Db,
  clientId: string,
  key: string,
  asking: { held: string | undefined; isNew: boolean; user: { id: string; role: string } },
): Promise<boolean> {
  const row = await db.select({ key: devices.key, code: devices.code, userId: devices.userId }).from(devices).where(eq(devices.clientId, clientId)).get();
  if (!row || row.key) return false;
  if (!asking.isNew) {
    if (asking.held !== row.code) return false;
    if (asking.user.id !== row.userId && asking.user.role !== 'Admin' && asking.user.role !== 'Manager') return false;
  }
  await db.update(devices).set({ key }).where(eq(devices.clientId, clientId)).run();
  return true;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether a request naming `clientId` comes from that device: its key matches, or it has none yet. */
export async function isDevice(db: Db, clientId: string | null | undefined, presented: string | undefined): Promise<boolean> {
  if (!clientId) return false;
  const row = await keyOf(db, clientId);
  if (!row?.key) return true;
  return !!presented && same(row.key, presented);
}

/** A push naming a register it does not come from is refused whole, before anything is applied. */
export async function assertDevice(db: Db, clientId: string, presented: string | undefined): Promise<void> {
  if (!(await isDevice(db, clientId, presented))) throw new HttpError(403, deviceKeyWords.mismatch);
}

/**
 * The key an author's entries made on a device are signed with (shared/sync/entry-signature.ts): their
 * own key bound to the device's, so an entry claiming another register's clientId cannot be signed
 * by anyone who is not on that register. Null for a device without a key (its entries cannot travel
 * in a file: the device sends them itself).
 */
export async function entryKeyFor(db: Db, authorKey: string, clientId: string): Promise<string | null> {
  const key = (await keyOf(db, clientId))?.key;
  return key ? createHmac('sha256', authorKey).update(`device:${key}`).digest('hex') : null;
}
