// A file's import from its header to its last batch (issue 43), in Node: the same session the
// import's worker runs in the browser, over a fake IndexedDB.
import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from '@/db/db';
import type { Author } from '@/sync/local-tx';
import { ImportSession } from '@/features/import/worker/import-session';

const manager: Author = { id: 'user-1', name: 'Mala', role: 'Manager' };
const csv = (text: string) => new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), new TextEncoder().encode(text)]);

const customers = [
  'Customer Name,Phone,Email,Address,City,Make,Model,Year,License Plate',
  'සුනිල් පෙරේරා,0771234567,sunil@mail.lk,"12, Galle Road",Colombo,Toyota,Axio,2015,CAB-1234',
  'සුනිල් පෙරේරා,0771234567,,,,Honda,Fit,2012,KL-5678',
  'சுனில் குமார்,0712345678,,Kandy Road,Kandy,Nissan,Sunny,2009,WP HH-1111',
  'Kamal,0723456789,,Main Street,,Suzuki,Alto,twenty,CAA-2222',
].join('\r\n');

describe('an import session', () => {
  it('matches the columns, checks every row, writes the clean ones when asked, and finds them all the second time', async () => {
    const db = createGarageDb('session', { indexedDB: new IDBFactory(), IDBKeyRange });
    const session = new ImportSession(db, csv(customers), 'customers.csv', 'customers');
    const columns = await session.open({});
    expect(columns).toMatchObject({ format: 'Text table (UTF-8)', match: { unmatched: [], missing: [] } });
    const dryRun = await session.check((columns as { match: { byKey: Record<string, number> } }).match.byKey);
    expect(dryRun).toMatchObject({
      rows: 4,
      steps: 2,
      rowsToWrite: 3,
      tallies: { customers: { new: 2, update: 0, unchanged: 0 }, vehicles: { new: 3, update: 0, unchanged: 0 } },
      problems: [{ row: 5, column: 'Year', message: 'Valid vehicle year is required (e.g., 2020).' }],
      problemCount: 1,
    });
    await expect(session.apply(manager, false)).rejects.toThrow('Some rows have problems');
    expect(await session.problemsFile()).toBe(
      '\ufeffCustomer Name,Phone,Email,Address,City,Make,Model,Year,License Plate,Import problem\r\n' +
        'Kamal,0723456789,,Main Street,,Suzuki,Alto,twenty,CAA-2222,"Row 5, Year: Valid vehicle year is required (e.g., 2020)."\r\n',
    );
    const applied = await session.apply(manager, true);
    expect(applied).toMatchObject({ written: 2, stopped: false, failed: [], file: { customers: 2, vehicles: 3 }, shop: { customers: 2, vehicles: 3 } });
    expect((await db.customers.toArray()).map((customer) => customer.customerName).sort()).toEqual(['சுனில் குமார்', 'සුනිල් පෙරේරා']);

    const again = new ImportSession(db, csv(customers), 'customers.csv', 'customers');
    const byKey = ((await again.open({})) as { match: { byKey: Record<string, number> } }).match.byKey;
    expect(await again.check(byKey)).toMatchObject({ steps: 0, tallies: { customers: { new: 0, update: 0, unchanged: 2 } } });
  });

  it('asks for a column it cannot match, and remembers nothing itself', async () => {
    const db = createGarageDb('session-columns', { indexedDB: new IDBFactory(), IDBKeyRange });
    const session = new ImportSession(db, csv('Service,Shelf\nOil Change,A1\n'), 'services.csv', 'services');
    expect(await session.open({})).toMatchObject({ headers: ['Service', 'Shelf'], match: { unmatched: [{ index: 1, header: 'Shelf' }], missing: [{ label: 'Price' }] } });
  });

  it('says a file with one column of words is not a table', async () => {
    const db = createGarageDb('session-letter', { indexedDB: new IDBFactory(), IDBKeyRange });
    const session = new ImportSession(db, csv('Dear Sir\nPlease find our prices.\n'), 'letter.txt', 'items');
    expect(await session.open({})).toEqual({ problem: 'This file is not a table. Choose a CSV, tab-separated text or Excel (.xlsx) file.' });
  });
});
