import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices } from '../db/schema';
import { inTransaction } from '../db/prepared';
import { randomInt } from 'node:crypto';
import { HttpError } from '../http/errors';
import { dateWindowAround } from '@shared/domain/date-window';
import { deferredWritesOf } from '../sync/deferred-writes';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * 'D' and four random letters or digits (1.7 million codes): short enough for a receipt, and not a
 * counter, because a counter restored from a backup would give a code already printed on a device's
 * invoices to the next new device. Unique among the codes this database knows (unique index).
 */
export const randomDeviceCode = () => `D${Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;

/**
 * Issue 24, point 6: one Staff token minted 2,000 codes at 110 a second, and the search for a free
 * code had no end. Limits (docs/decisions.md): a user registers at most `maxDevicesPerUser` devices,
 * at most `maxNewDevicesPerMinute` new ones a minute, and a free code is looked for `maxCodeTries`
 * times. Generous for a shop (every browser profile that logs in is a device: the e2e suite logs in
 * about a hundred times in a run), far below what would use up the 1.7 million codes.
 */
export const deviceCodeLimits = { maxDevicesPerUser: 1000, maxNewDevicesPerMinute: 20, maxCodeTries: 20 };

/**
 * The row of a device whose code it already held when this server first heard of it: a server
 * restored from a backup older than the register, which adopts the code (`deviceCodeFor`'s `held`,
 * MutationTx.register, sales/printed-number.ts). The server met that device before its records
 * begin, and the device's outbox holds what it did since; a device's time is not believed before
 * its row's `createdAt` (shared/domain/device-time.ts), so the row says it was met a date window
 * back, leaving its times bounded by the window alone. In contact now (the bell reads it).
 */
export function adoptedDeviceRow(clientId: string, code: string, userId: string, now: string) {
  return { clientId, code, userId, createdAt: dateWindowAround(now).earliest, lastContactAt: now };
}

/**
 * Writes an adopted device's row inside a mutation (a sale's number, MutationTx.finish); nothing when
 * the mutation adopted it already. The push's later entries then read the device again
 * (deferred-writes.ts keeps what a push read of it): they are this register's.
 */
export async function adoptDevice(db: Db, clientId: string, code: string, userId: string, now: string): Promise<void> {
  await db
    .insert(devices)
    .values(adoptedDeviceRow(clientId, code, userId, now))
    .onConflictDoNothing()
    .run();
  deferredWritesOf(db)?.forgetDevice(clientId);
}

/** A code no device holds, or null after `maxCodeTries` codes that were all taken. */
export async function freeDeviceCode(db: Db, next: () => string = randomDeviceCode): Promise<string | null> {
  for (let tries = 0; tries < deviceCodeLimits.maxCodeTries; tries++) {
    const code = next();
    if (!(await db.select({ code: devices.code }).from(devices).where(eq(devices.code, code)).get())) return code;
  }
  return null;
}

/** New devices each user registered within the last minute (this process's memory: a restart forgets, which only loosens the limit). */
export class DeviceRegistrations {
  private readonly recent = new Map<string, number[]>();

  /** Throws 429 when the user registered `maxNewDevicesPerMinute` devices within the minute. */
  check(userId: string, now = Date.now()): void {
    const times = (this.recent.get(userId) ?? []).filter((time) => now - time < 60_000);
    if (times.length === 0) this.recent.delete(userId);
    else this.recent.set(userId, times);
    if (times.length >= deviceCodeLimits.maxNewDevicesPerMinute) {
      throw new HttpError(429, 'Too many new devices registered in the last minute. Try again in a minute.');
    }
  }

  note(userId: string, now = Date.now()): void {
    this.recent.set(userId, [...(this.recent.get(userId) ?? []), now]);
  }
}

/**
 * The device's invoice code (decisions.md, invoice numbers): the same code every time the same
 * device (its clientId) asks, a new one for a new device (within the limits above); in one transaction.
 * `held`: the code the device says it holds. For a clientId this server does not know (a server
 * restored from a backup older than the register) it is kept when no device holds it, as a push's
 * code is (mutation-tx.ts, register). Held by another device, it is not this one's: a device that
 * made two client ids (a start-up race, fixed in client-id.ts) gets a code of its own and uses that.
 */
export async function deviceCodeFor(
  db: Db,
  clientId: string,
  userId: string,
  registrations = new DeviceRegistrations(),
  held?: string,
): Promise<{ code: string; created: boolean }> {
  return inTransaction(db, async (db) => {
    const known = await db.select({ code: devices.code }).from(devices).where(eq(devices.clientId, clientId)).get();
    if (known) return { code: known.code, created: false };
    registrations.check(userId);
    const registered = (await db.select({ n: count() }).from(devices).where(eq(devices.userId, userId)).get())?.n ?? 0;
    if (registered >= deviceCodeLimits.maxDevicesPerUser) {
      throw new HttpError(409, `You have registered ${registered} devices, the most one user may. Ask an administrator.`);
    }
    // A held code counts as a new device like any other (the limits above), so it is no way around them.
    const heldIsFree = held !== undefined && !(await db.select({ code: devices.code }).from(devices).where(eq(devices.code, held)).get());
    const code = heldIsFree ? held : await freeDeviceCode(db);
    if (!code) throw new HttpError(503, 'No free device code was found. Try again.');
    const now = new Date().toISOString();
    await db
      .insert(devices)
      .values(heldIsFree ? adoptedDeviceRow(clientId, code, userId, now) : { clientId, code, userId, createdAt: now })
      .run();
    registrations.note(userId);
    return { code, created: true };
  });
}

/** The register code this server gave the device `clientId`, or '' (none given, or no device named). */
export async function registerOfClient(db: Db, clientId: string | null | undefined): Promise<string> {
  if (!clientId) return '';
  return (await db.select({ code: devices.code }).from(devices).where(eq(devices.clientId, clientId)).get())?.code ?? '';
}
