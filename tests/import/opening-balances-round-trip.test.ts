// The moving-in round trip (issue 43): a shop's customers and due list exported, then imported into
// a new shop as customers and opening balances, give the same total still due; brought back into
// the shop they came from, they change nothing. In Node: the import's own session over fake IndexedDB.
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb, type GarageDb } from '@/db/db';
import type { Author } from '@/sync/local-tx';
import { ImportSession } from '@/features/import/worker/import-session';
import { shopTotals } from '@/features/import/worker/shop-totals';
import { exportListFile } from '@/lib/export/export-files';
import type { ImportKind } from '@shared/import/columns';
import type { DryRun } from '@/features/import/worker/protocol';

const manager: Author = { id: 'user-1', name: 'Mala', role: 'Manager' };
const newDb = (name: string) => createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const csv = (text: string) => new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), new TextEncoder().encode(text)]);

/** A file through the import as the screen takes it: no column to map, no problem, then written. */
async function importFile(db: GarageDb, kind: ImportKind, file: Blob): Promise<DryRun> {
  const session = new ImportSession(db, file, `${kind}.csv`, kind);
  const columns = await session.open({});
  if ('problem' in columns) throw new Error(columns.problem);
  expect(columns.match.unmatched).toEqual([]);
  expect(columns.match.missing).toEqual([]);
  const dryRun = await session.check(columns.match.byKey);
  expect(dryRun.problems).toEqual([]);
  if (dryRun.steps) await session.apply(manager, false);
  return dryRun;
}

const customers = [
  'Customer Name,Phone,Address,Make,Model,Year,License Plate',
  'සුනිල් පෙරේරා,0771234567,"12, Galle Road",Toyota,Axio,2015,CAB-1234',
  'சுனில் குமார்,0712345678,Kandy Road,Nissan,Sunny,2009,WP HH-1111',
  'Kamal Silva,0723456789,Main Street,Suzuki,Alto,2012,CAA-2222',
].join('\r\n');

const openingBalances = [
  'Customer Name,Phone,Invoice No,Date,Due Date,Total,Paid,Note',
  'සුනිල් පෙරේරා,0771234567,1042,01/03/2025,31/03/2025,"Rs. 4,500.00",1000,From the old books',
  'சுனில் குமார்,0712345678,1043,2025-03-05,,800,,',
  'Kamal Silva,,1044,10/03/2025,,1250.50,250.50,',
  // Paid in full before the move: an invoice, but nothing still due (not on the due list).
  'Kamal Silva,0723456789,1045,11/03/2025,,300,300,',
].join('\r\n');
const dueCents = 350_000 + 80_000 + 100_000;

describe('opening balances: a shop moved in, exported, and moved again', () => {
  it('gives the same total still due in the new shop, and changes nothing brought back', async () => {
    const old = newDb('old-shop');
    await importFile(old, 'customers', csv(customers));
    const first = await importFile(old, 'openingBalances', csv(openingBalances));
    expect(first).toMatchObject({ steps: 4, tallies: { invoices: { new: 4, update: 0, unchanged: 0 } }, totals: { invoices: 4, dueCents } });
    expect((await shopTotals(old)).dueCents).toBe(dueCents);
    expect((await old.invoices.toArray()).map((invoice) => invoice.invoiceNo).sort()).toEqual(['OB-1042', 'OB-1043', 'OB-1044', 'OB-1045']);

    // The export's files, as the whole-shop zip holds them.
    const blobOf = async (key: 'customers' | 'dueList') => new Blob((await exportListFile(old, key, true)).parts as BlobPart[]);
    const customersFile = await blobOf('customers');
    const dueFile = await blobOf('dueList');

    // A new shop: its customers, then its dues, with the same total still due.
    const next = newDb('new-shop');
    await importFile(next, 'customers', customersFile);
    const moved = await importFile(next, 'openingBalances', dueFile);
    expect(moved).toMatchObject({ tallies: { invoices: { new: 3, update: 0, unchanged: 0 } }, totals: { dueCents } });
    expect((await shopTotals(next)).dueCents).toBe(dueCents);
    // An OB- number comes back as it is, not OB-OB-.
    expect((await next.invoices.toArray()).map((invoice) => invoice.invoiceNo).sort()).toEqual(['OB-1042', 'OB-1043', 'OB-1044']);

    // The same files into the shop they came from: every invoice found by its number.
    const back = await importFile(old, 'openingBalances', dueFile);
    expect(back).toMatchObject({ steps: 0, tallies: { invoices: { new: 0, update: 0, unchanged: 3 } }, totals: { dueCents } });
    const again = await importFile(old, 'openingBalances', csv(openingBalances));
    expect(again).toMatchObject({ steps: 0, tallies: { invoices: { new: 0, update: 0, unchanged: 4 } } });
    expect(await old.invoices.count()).toBe(4);
  });
});
