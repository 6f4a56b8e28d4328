import type { Table } from 'dexie';
import type { GarageDb } from '@/db/db';
import { isWithin, monthOf, storedDateBounds } from '@shared/domain/dashboard';
import { monthResult, type MonthResult } from '@shared/domain/month-result';
import { isOpeningBalance } from '@shared/domain/opening-balance';

/**
 * Documents whose lines are read in one transaction. Each read outside a transaction is one of its
 * own: a busy month's 2,448 invoices reading their lines made 2,448, which held the page's thread
 * 0.4 to 0.5 s after every reload of the dashboard (100,000 invoices in Chromium). All in one
 * transaction, the thread was free, but IndexedDB then answered nothing else for about 0.5 s: the
 * top bar's search, typed at once, waited behind it (issue 28). In turns of this many, another read
 * waits for one turn at most.
 */
const documentsPerTurn = 200;

/**
 * This month's result (issue 27; shared/domain/month-result.ts) from a device's own data: the
 * month's invoices and credit notes through their date index and their lines by document, the cost
 * prices of the parts in them (one bulkGet; a line's own cost at the sale first), and the month's
 * expenses through theirs.
 */
export async function readMonthResult(db: GarageDb, now: Date): Promise<MonthResult> {
  const { window, firstDay, lastDay } = monthOf(now);
  const [low, high] = storedDateBounds(window);
  const inMonth = <T extends { date: string; deleted: boolean }>(rows: T[]) => rows.filter((row) => !row.deleted && isWithin(row.date, window));
  const [invoices, creditNotes, expenses] = await db.transaction('r', [db.invoices, db.creditNotes, db.expenses], () =>
    Promise.all([
      // An opening balance (issue 43) is what the old books sold: no sale or margin of this month.
      db.invoices
        .where('date')
        .between(low, high, true, true)
        .toArray()
        .then((rows) => inMonth(rows).filter((invoice) => !isOpeningBalance(invoice))),
      db.creditNotes.where('date').between(low, high, true, true).toArray().then(inMonth),
      db.expenses.where('date').between(firstDay, lastDay, true, true).toArray(),
    ]),
  );
  // Each document's lines by one `equals` read: `anyOf` over a busy month's thousands of ids walks
  // one cursor key by key (3,000 lines of 1,000 invoices in fake-indexeddb: 4.3 s, against 0.2 s).
  // Only asked when there are documents: inside the dashboard's live query, awaiting a helper that made
  // no read of Dexie's own lost the query's watch on the reads after it (the items' costs), so a
  // cost price changed later was not followed (read-month-result.test.ts).
  const soldLines = invoices.length
    ? await linesInTurns(
        db.invoiceLines,
        invoices.map((invoice) => invoice.id),
        (id) => db.invoiceLines.where('invoiceId').equals(id).toArray(),
      )
    : [];
  const returnedLines = creditNotes.length
    ? await linesInTurns(
        db.creditNoteLines,
        creditNotes.map((note) => note.id),
        (id) => db.creditNoteLines.where('creditNoteId').equals(id).toArray(),
      )
    : [];
  const sold = soldLines.filter((line) => !line.deleted);
  const returned = returnedLines.filter((line) => !line.deleted);
  const itemIds = [...new Set([...sold, ...returned].flatMap((line) => (line.kind === 'item' && line.refId ? [line.refId] : [])))];
  const costs = new Map<string, number>();
  // A deleted item keeps its last cost price; a Staff device has none (and never asks).
  for (const item of await db.items.bulkGet(itemIds)) if (item?.costPriceCents !== undefined) costs.set(item.id, item.costPriceCents);
  // A part returned to stock gives back the cost its sold line kept (issue 44), whatever month it was sold in: one bulkGet.
  const restocked = returned.filter((line) => line.kind === 'item' && line.disposition === 'restock');
  const soldAt = new Map<string, number | null | undefined>();
  if (restocked.length > 0)
    for (const line of await db.invoiceLines.bulkGet(restocked.map((returnLine) => returnLine.invoiceLineId))) if (line) soldAt.set(line.id, line.costCents);
  return monthResult({
    invoices,
    invoiceLines: sold,
    creditNotes,
    creditNoteLines: returned.map((line) => (soldAt.has(line.invoiceLineId) ? { ...line, costCents: soldAt.get(line.invoiceLineId) } : line)),
    costOf: (id) => costs.get(id),
    expenses: expenses.filter((row) => !row.deleted),
  });
}

/** Every document's lines, `documentsPerTurn` documents a transaction, one transaction after another. */
async function linesInTurns<T>(table: Table, ids: string[], read: (id: string) => Promise<T[]>): Promise<T[]> {
  const lines: T[] = [];
  for (let at = 0; at < ids.length; at += documentsPerTurn) {
    const turn = ids.slice(at, at + documentsPerTurn);
    const lists = await table.db.transaction('r', table, () => Promise.all(turn.map(read)));
    for (const list of lists) lines.push(...list);
  }
  return lines;
}
