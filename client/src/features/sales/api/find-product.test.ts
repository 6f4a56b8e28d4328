import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/instance';
import { syncedTable } from '@/db/db';
import { findByCode, inStockScanLimit, products, searchInStock } from './find-product';

// The register's lookups on a real Dexie database (fake-indexeddb): a scan by barcode, and the
// typed search that offers only items in stock (spec 2.8), in the list's order.

const item = (n: number, stock: number) => ({
  id: `item-${String(n).padStart(4, '0')}`,
  itemName: `Brake Pad ${String(n).padStart(4, '0')}`,
  barcode: `479${String(n).padStart(10, '0')}`,
  unitPriceCents: 1000 + n,
  stockHundredths: stock,
  version: n + 1,
  deleted: false,
  updatedAt: '',
});

beforeAll(async () => {
  // 120 sold-out pads sort first, then 10 in stock, then 3 000 more sold out (past the scan's limit),
  // then one in stock that the search no longer reaches.
  const rows = [
    ...Array.from({ length: 120 }, (_, i) => item(i, 0)),
    ...Array.from({ length: 10 }, (_, i) => item(120 + i, 500)),
    ...Array.from({ length: 3000 }, (_, i) => item(130 + i, i % 2 ? 0 : -100)),
    item(9000, 100),
  ];
  await db.transaction('rw', syncedTable(db, 'items'), () => products.bulkPut(rows));
});

describe('searchInStock', () => {
  it.each([
    [
      'in-stock items after a run of sold-out ones that fills the first pages',
      'brake',
      8,
      ['item-0120', 'item-0121', 'item-0122', 'item-0123', 'item-0124', 'item-0125', 'item-0126', 'item-0127'],
    ],
    ['fewer than asked when that is all there is within the scan', 'pad', 40, Array.from({ length: 10 }, (_, i) => `item-0${120 + i}`)],
    ['nothing for a word no item has', 'clutch', 8, []],
  ])('%s', async (_case, text, limit, ids) => {
    expect((await searchInStock(text, limit)).map((row) => row.id)).toEqual(ids);
  });

  it('never offers an item at zero or negative stock', async () => {
    const rows = await searchInStock('brake', 40);
    expect(rows.every((row) => row.stockHundredths > 0)).toBe(true);
  });

  it('stops after the first inStockScanLimit matches', async () => {
    expect(inStockScanLimit).toBeLessThan(3130);
    expect((await searchInStock('brake', 40)).map((row) => row.id)).not.toContain('item-9000');
  });
});

describe('findByCode', () => {
  it.each([
    ['the exact barcode', '4790000000125', 'item-0125'],
    ['the barcode with spaces around it (a scanner suffix)', ' 4790000000125 ', 'item-0125'],
    ['the id', 'item-0007', 'item-0007'],
    ['nothing for an unknown code', '4799999999999', undefined],
    ['nothing for an empty scan', '  ', undefined],
  ])('%s', async (_case, code, id) => {
    expect((await findByCode(code))?.id).toBe(id);
  });
});
