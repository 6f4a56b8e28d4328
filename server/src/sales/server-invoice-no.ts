import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { counters } from '../db/schema';
import { HttpError } from '../http/errors';
import { formatCreditNoteNo, formatInvoiceNo } from '@shared/domain/invoice-number';

/**
 * The server's own invoice code, for a sale posted over REST by a client that has no device code
 * (docs/decisions.md, invoice numbers): INV-SRV-00001, INV-SRV-00002, ... Device codes are D01, D02,
 * ... (device-code.ts), so no device ever numbers with it.
 */
export const serverInvoiceCode = 'SRV';

/**
 * The server's second code, for a fact a device pushed that needs a server number once the first
 * series is used up: facts stand (issue 42, point 3), so a sale or return that happened is recorded
 * whatever the numbers. Neither series can be moved from outside, so this is a guard, not a plan.
 */
export const serverOverflowCode = 'SRVX';

/** Whether a number's code is one of the server's own series (no device or REST caller numbers in them). */
export const isServerCode = (code: string) => code === serverInvoiceCode || code === serverOverflowCode;

/** The code of a number such as INV-D7K2Q-00001, CN-SRV-00002 ('' when it has none). */
export const codeOfNumber = (number: string) => number.trim().toUpperCase().split('-')[1] ?? '';

/** A series the server numbers with its own code: invoices (INV-SRV-…) and credit notes (CN-SRV-…). */
interface Series {
  counter: string;
  code: string;
  pattern: RegExp;
  format: (code: string, sequence: number) => string;
}
const series = (kind: 'invoiceNo' | 'creditNoteNo', code: string, prefix: string, format: Series['format']): Series => ({
  counter: `${kind}:${code}`,
  code,
  pattern: new RegExp(`^${prefix}-${code}-(\\d{5,9})$`),
  format,
});
const invoiceSeries = [series('invoiceNo', serverInvoiceCode, 'INV', formatInvoiceNo), series('invoiceNo', serverOverflowCode, 'INV', formatInvoiceNo)] as const;
const creditNoteSeries = [series('creditNoteNo', serverInvoiceCode, 'CN', formatCreditNoteNo), series('creditNoteNo', serverOverflowCode, 'CN', formatCreditNoteNo)] as const;

async function current(db: Db, series: Series): Promise<number> {
  return (await db.select({ value: counters.value }).from(counters).where(eq(counters.name, series.counter)).get())?.value ?? 0;
}

/** The highest sequence the numbers' format holds (`\d{5,9}`). */
export const lastServerSequence = 999_999_999;

async function peek(db: Db, series: Series): Promise<string> {
  const next = (await current(db, series)) + 1;
  // Unreachable in a shop's life (only the server moves its series), but a number past the format
  // would be refused by every check after it: say so instead.
  if (next > lastServerSequence) throw new HttpError(503, "The server's own numbers are used up.");
  return series.format(series.code, next);
}

/** For a fact that already happened: the first series' next number, else the overflow series'. */
async function peekForFact(db: Db, [first, overflow]: readonly [Series, Series]): Promise<string> {
  return (await current(db, first)) < lastServerSequence ? peek(db, first) : peek(db, overflow);
}

async function note(db: Db, all: readonly Series[], number: string): Promise<void> {
  for (const series of all) {
    const match = series.pattern.exec(number);
    if (!match) continue;
    const sequence = Number(match[1]);
    if (sequence <= (await current(db, series))) return;
    await db
      .insert(counters)
      .values({ name: series.counter, value: sequence })
      .onConflictDoUpdate({ target: counters.name, set: { value: sequence } })
      .run();
  }
}

/**
 * The number the next server-numbered sale takes, read inside that sale's own transaction
 * (recordedInvoiceNo), which records it (noteServerInvoiceNo): a refused sale takes no number and a
 * replayed one no second number. Writers take turns on the database (SQLite's one write lock,
 * PostgreSQL's writers' advisory lock, taken before anything is read), so no other sale, of this
 * process or another on the same database, reads the same number before this one commits.
 */
export async function peekServerInvoiceNo(db: Db): Promise<string> {
  return peek(db, invoiceSeries[0]);
}

/**
 * What a REST route puts in a sale's arguments when the body names no number (sequence 0, never a
 * number the series gives): the sale takes the server's next number inside its own transaction
 * (recordedInvoiceNo). A body may name no number of the server's series (400), so over REST this
 * stands only for the route's own. A device's push is never read this way.
 */
export const serverInvoiceNoToTake = formatInvoiceNo(serverInvoiceCode, 0);

/** The same for a sale a device pushed (a fact): it never runs out. */
export const peekServerInvoiceNoForFact = async (db: Db) => peekForFact(db, invoiceSeries);

/** Inside a sale's transaction: a server number it used moves the counter up to it (never down). */
export async function noteServerInvoiceNo(db: Db, invoiceNo: string): Promise<void> {
  await note(db, invoiceSeries, invoiceNo);
}

/** The same for credit notes (returns made over REST, or recorded under the server's number). */
export const peekServerCreditNoteNo = async (db: Db) => peek(db, creditNoteSeries[0]);
export const serverCreditNoteNoToTake = formatCreditNoteNo(serverInvoiceCode, 0);
export const peekServerCreditNoteNoForFact = async (db: Db) => peekForFact(db, creditNoteSeries);
export const noteServerCreditNoteNo = async (db: Db, creditNoteNo: string) => note(db, creditNoteSeries, creditNoteNo);
