import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { counters } from '../db/schema';
import { formatInvoiceNo } from '../../../shared/schemas/sale';

/**
 * The server's own invoice code, for a sale posted over REST by a client that has no device code
 * (docs/decisions.md, invoice numbers): INV-SRV-00001, INV-SRV-00002, ... Device codes are D01, D02,
 * ... (device-code.ts), so no device ever numbers with it.
 */
export const serverInvoiceCode = 'SRV';

const counterName = 'invoiceNo:SRV';
const serverNumber = /^INV-SRV-(\d{5,9})$/;

function current(db: Db): number {
  return db.select({ value: counters.value }).from(counters).where(eq(counters.name, counterName)).get()?.value ?? 0;
}

/**
 * The number the next server-numbered sale takes. A peek: the sale's own transaction records it
 * (noteServerInvoiceNo), so a refused sale takes no number and a replayed one no second number. The
 * route peeks and applies without yielding in between, so two requests never peek the same number.
 */
export function peekServerInvoiceNo(db: Db): string {
  return formatInvoiceNo(serverInvoiceCode, current(db) + 1);
}

/** Inside a sale's transaction: a server number it used moves the counter up to it (never down). */
export function noteServerInvoiceNo(db: Db, invoiceNo: string): void {
  const match = serverNumber.exec(invoiceNo);
  if (!match) return;
  const sequence = Number(match[1]);
  if (sequence <= current(db)) return;
  db.insert(counters)
    .values({ name: counterName, value: sequence })
    .onConflictDoUpdate({ target: counters.name, set: { value: sequence } })
    .run();
}
