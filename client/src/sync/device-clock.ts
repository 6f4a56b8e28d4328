import type { GarageDb } from '../db/db';
import { clockOffsetOf } from '@shared/domain/device-time';
export { serverTimeHeader } from '@shared/domain/device-time';

/**
 * How far the server's clock is from this device's (server minus device, ms), measured at each sync
 * exchange from the answer's `x-server-time` header and kept in syncState so that a device offline
 * since its last start still knows it. Each change the device makes carries the offset known then
 * (the outbox entry's `clockOffsetMs`); the server adds it to the device's time (shared/domain/device-time.ts).
 */
const stateKey = 'clockOffsetMs';
// An exchange slower than this says too little about when the server stamped it (its error is half of it).
const maxRoundTripMs = 10_000;
// Offsets this close to the one kept are the same clock (a second is far below what matters for a record's time).
const unchangedWithinMs = 1000;

const known = new WeakMap<GarageDb, number>();
const clocks = new WeakMap<GarageDb, () => number>();

/** This device's own clock (ms). Date.now, unless a test plays a device whose clock is wrong. */
export const deviceClock = (db: GarageDb): number => (clocks.get(db) ?? Date.now)();

/** Sets a device database's clock: tests of tablets whose clocks run slow, fast or were changed while offline. */
export function setDeviceClock(db: GarageDb, clock: () => number): void {
  clocks.set(db, clock);
}

export async function clockOffsetMs(db: GarageDb): Promise<number> {
  const cached = known.get(db);
  if (cached !== undefined) return cached;
  const stored = Number((await db.syncState.get(stateKey))?.value);
  const offset = Number.isFinite(stored) ? stored : 0;
  known.set(db, offset);
  return offset;
}

/** Notes what one exchange showed; an answer without the header (an older server, a proxy's error page) changes nothing. */
export async function noteServerTime(db: GarageDb, sentAtMs: number, receivedAtMs: number, header: string | null): Promise<void> {
  const serverMs = Number(header);
  if (!header || !Number.isFinite(serverMs) || receivedAtMs - sentAtMs > maxRoundTripMs) return;
  const offset = clockOffsetOf(sentAtMs, receivedAtMs, serverMs);
  // Each exchange reads a few ms differently: a write per pull page would be work for nothing.
  const previous = known.get(db);
  if (previous !== undefined && Math.abs(previous - offset) < unchangedWithinMs) return;
  known.set(db, offset);
  await db.syncState.put({ key: stateKey, value: String(offset) });
}

/**
 * Now, in the server's clock as this device last measured it, and the device's own reading it came
 * from: an outbox entry carries that same reading, so the server (reading + offset) records the very
 * time the device's row holds, not one a few ms later.
 */
export async function serverNow(db: GarageDb): Promise<{ iso: string; offsetMs: number; deviceIso: string }> {
  const offsetMs = await clockOffsetMs(db);
  const deviceMs = deviceClock(db);
  return { iso: new Date(deviceMs + offsetMs).toISOString(), offsetMs, deviceIso: new Date(deviceMs).toISOString() };
}
