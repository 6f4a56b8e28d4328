import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb, derivedTables, syncedTable, type GarageDb } from './db';
import { contributionOf, salesMonths } from './sales-months';
import { sumTable } from './derived-sums';

const invoice = (id: string, date: string, totalCents: number) => ({ id, version: 1, deleted: false, updatedAt: '', invoiceNo: `INV-${id}`, date, totalCents });
// Local times, so the months read the same in any time zone.
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d, 10).toISOString();

async function sums(db: GarageDb) {
  return Object.fromEntries((await db.salesMonths.toArray()).map((m) => [m.month, [m.totalCents, m.invoices]]));
}

/** Writes the way the sync code does: the invoices and the derived tables in one transaction. */
const write = (db: GarageDb, work: () => Promise<unknown>) => db.transaction('rw', [syncedTable(db, 'invoices'), ...derivedTables(db)], work);

describe('invoiced totals by month', () => {
  it.each([
    [invoice('a', local(2026, 11, 3), 1500), { month: '2026-11', cents: 1500 }],
    [{ ...invoice('a', local(2026, 11, 3), 1500), deleted: true }, null],
    [invoice('a', 'not a date', 1500), null],
    // Issue 43: an opening balance is what the old books sold, no sale of its month.
    [{ ...invoice('a', '2026-11-03', 1500), invoiceNo: 'OB-1042', openingBalance: true }, null],
    [undefined, null],
  ])('what %j adds', (row, part) => {
    expect(contributionOf(row)).toEqual(part);
  });

  it('follow puts, replaced rows, bulk writes, deletes and clears in the same transaction', async () => {
    const db = createGarageDb('months', { indexedDB: new IDBFactory(), IDBKeyRange });
    await write(db, () =>
      syncedTable(db, 'invoices').bulkPut([invoice('a', local(2026, 11, 3), 1000), invoice('b', local(2026, 11, 9), 250), invoice('c', local(2026, 10, 30), 99)]),
    );
    expect(await sums(db)).toEqual({ '2026-11': [1250, 2], '2026-10': [99, 1] });
    // A pulled row that replaces one the device holds counts once, in its (new) month.
    await write(db, () => syncedTable(db, 'invoices').put(invoice('c', local(2026, 11, 1), 100)));
    expect(await sums(db)).toEqual({ '2026-11': [1350, 3], '2026-10': [0, 0] });
    await write(db, () => syncedTable(db, 'invoices').update('a', { paidCents: 1000 }));
    expect(await sums(db)).toEqual({ '2026-11': [1350, 3], '2026-10': [0, 0] });
    await write(db, () => syncedTable(db, 'invoices').bulkDelete(['b', 'missing']));
    expect(await sums(db)).toEqual({ '2026-11': [1100, 2], '2026-10': [0, 0] });
    await write(db, () =>
      syncedTable(db, 'invoices')
        .where('date')
        .below(local(2026, 11, 2))
        .delete(),
    );
    expect(await sums(db)).toEqual({ '2026-11': [1000, 1], '2026-10': [0, 0] });
    await write(db, () => syncedTable(db, 'invoices').clear());
    expect(await sums(db)).toEqual({ '2026-11': [0, 0], '2026-10': [0, 0] });
    db.close();
  });

  it('are summed again after a write outside the sync code', async () => {
    const db = createGarageDb('months-stale', { indexedDB: new IDBFactory(), IDBKeyRange });
    await write(db, () => syncedTable(db, 'invoices').put(invoice('a', local(2026, 11, 3), 1000)));
    await syncedTable(db, 'invoices').put(invoice('b', local(2026, 11, 4), 500));
    await expect.poll(() => sums(db)).toEqual({ '2026-11': [1500, 2] });
    db.close();
  });

  it('are summed from the invoices a device held before version 10', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('months-upgrade', { indexedDB, IDBKeyRange });
    old.version(9).stores({ invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey' });
    await old.table('invoices').bulkAdd([invoice('a', local(2026, 9, 3), 700), invoice('b', local(2026, 9, 30), 300), invoice('c', local(2026, 10, 1), 5)]);
    old.close();
    const db = createGarageDb('months-upgrade', { indexedDB, IDBKeyRange });
    expect(await sums(db)).toEqual({ '2026-09': [1000, 2], '2026-10': [5, 1] });
    expect(await sumTable(salesMonths, db.invoices)).toHaveLength(2);
    db.close();
  });
});
