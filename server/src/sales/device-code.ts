import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices } from '../db/schema';
import { randomInt } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * 'D' and four random letters or digits (1.7 million codes): short enough for a receipt, and not a
 * counter, because a counter restored from a backup would give a code already printed on a device's
 * invoices to the next new device. Unique among the codes this database knows (unique index).
 */
export const randomDeviceCode = () => `D${Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;

/**
 * The device's invoice code (decisions.md, invoice numbers): the same code every time the same
 * device (its clientId) asks, a new one for a new device; in one transaction.
 */
export function deviceCodeFor(db: Db, clientId: string, userId: string): string {
  // better-sqlite3's own transaction, as apply-mutation.ts uses (drizzle's builder inside it).
  return db.$client.transaction(() => {
    const known = db.select({ code: devices.code }).from(devices).where(eq(devices.clientId, clientId)).get();
    if (known) return known.code;
    let code = randomDeviceCode();
    while (db.select({ code: devices.code }).from(devices).where(eq(devices.code, code)).get()) code = randomDeviceCode();
    db.insert(devices).values({ clientId, code, userId, createdAt: new Date().toISOString() }).run();
    return code;
  })();
}
