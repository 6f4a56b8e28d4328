import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices } from '../db/schema';
import { nextSequence } from '../sync/versions';

/** D01, D02, … DZZ, D100…: short, readable on a receipt, and never given twice (unique index). */
export const formatDeviceCode = (sequence: number) => `D${sequence.toString(36).toUpperCase().padStart(2, '0')}`;

/**
 * The device's invoice code (decisions.md, invoice numbers): the same code every time the same
 * device (its clientId) asks, a new one for a new device; in one transaction.
 */
export function deviceCodeFor(db: Db, clientId: string, userId: string): string {
  // better-sqlite3's own transaction, as apply-mutation.ts uses (drizzle's builder inside it).
  return db.$client.transaction(() => {
    const known = db.select({ code: devices.code }).from(devices).where(eq(devices.clientId, clientId)).get();
    if (known) return known.code;
    const code = formatDeviceCode(nextSequence(db, 'deviceCode'));
    db.insert(devices).values({ clientId, code, userId, createdAt: new Date().toISOString() }).run();
    return code;
  })();
}
