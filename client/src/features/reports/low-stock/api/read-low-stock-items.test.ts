import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import Dexie, { liveQuery } from 'dexie';
import { createGarageDb } from '@/db/db';
import type { ItemRow } from '@shared/schemas/item';
import { readBelowReorderItems, readLowStockItems } from './read-low-stock-items';

// The device's read of the report over a real Dexie database (fake-indexeddb).

let dbCount = 0;
const makeDb = () => createGarageDb(`low-stock-${++dbCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });

const item = (id: string, itemName: string, stockHundredths: number, categoryId: string | null = 'filters', overrides: Partial<ItemRow> = {}): ItemRow => ({
  id,
  itemName,
  barcode: `BC-${id}`,
  categoryId,
  unitPriceCents: 125050,
  costPriceCents: 90000,
  stockHundredths,
  reorderLevel: 3,
  description: '',
  isService: false,
  warrantyMonths: 0,
  version: 1,
  deleted: false,
  updatedAt: '2026-11-23T00:00:00.000Z',
  ...overrides,
});

async function seeded() {
  const db = makeDb();
  await db.categories.bulkPut([
    { id: 'filters', name: 'Filters', description: '', version: 1, deleted: false, updatedAt: '' },
    { id: 'gone', name: 'Gone', description: '', version: 1, deleted: true, updatedAt: '' },
  ]);
  await db.items.bulkPut([
    item('oil', 'Oil filter', 0),
    item('air', 'air filter', 150),
    item('pad', 'Brake pad', -100),
    item('wiper', 'Wiper blade', 200),
    item('plug', 'Spark plug', 500),
    item('bulb', 'Old bulb', 0, 'filters', { deleted: true }),
    item('fuse', 'Fuse', 100, 'gone'),
    item('clip', 'Clip', 50, null),
    item('cap', 'Cap', 0, 'no-such-category'),
  ] as never[]);
  return db;
}

afterEach(() => vi.restoreAllMocks());

describe('readLowStockItems', () => {
  it('lists the live items below the threshold, emptiest first, with category names (N/A as null)', async () => {
    const db = await seeded();
    const rows = await readLowStockItems(db, 200);
    expect(rows.map((row) => [row.id, row.stockHundredths, row.categoryName])).toEqual([
      ['pad', -100, 'Filters'],
      ['cap', 0, null],
      ['oil', 0, 'Filters'],
      ['clip', 50, null],
      ['fuse', 100, null],
      ['air', 150, 'Filters'],
    ]);
    expect(rows[0]).toEqual({ id: 'pad', barcode: 'BC-pad', itemName: 'Brake pad', categoryName: 'Filters', stockHundredths: -100, reorderLevel: 3, unitPriceCents: 125050 });
    expect((await readLowStockItems(db, 0)).map((row) => row.id)).toEqual(['pad']);
  });

  it("lists the items below their reorder level, through the bell's needsStock index (issue 47)", async () => {
    const db = await seeded();
    await db.items.bulkPut([item('zero-level', 'Bulb holder', 100, 'filters', { reorderLevel: 0 }), item('at-level', 'At level', 300)] as never[]);
    const indexGetAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const indexCursor = vi.spyOn(IDBIndex.prototype, 'openCursor');
    const rows = await readBelowReorderItems(db);
    // Level 3 each: 2 of 3 is listed, 3 of 3 and 5 of 3 are not; a level of 0 with stock is not.
    expect(rows.map((row) => [row.id, row.stockHundredths])).toEqual([
      ['pad', -100],
      ['cap', 0],
      ['oil', 0],
      ['clip', 50],
      ['fuse', 100],
      ['air', 150],
      ['wiper', 200],
    ]);
    const indexCalls = [...indexGetAll.mock.contexts, ...indexCursor.mock.contexts] as IDBIndex[];
    expect(new Set(indexCalls.map((index) => `${index.objectStore.name}.${index.name}`))).toEqual(new Set(['items.needsStock']));
  });

  it('reads through the stockHundredths index, never the whole items store', async () => {
    const db = await seeded();
    const storeReads = [vi.spyOn(IDBObjectStore.prototype, 'getAll'), vi.spyOn(IDBObjectStore.prototype, 'openCursor')];
    const indexGetAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const indexCursor = vi.spyOn(IDBIndex.prototype, 'openCursor');
    await readLowStockItems(db, 200);
    const indexCalls = [...indexGetAll.mock.contexts, ...indexCursor.mock.contexts] as IDBIndex[];
    expect(indexCalls.map((index) => `${index.objectStore.name}.${index.name}`)).toEqual(['items.stockHundredths']);
    expect(storeReads.flatMap((spy) => spy.mock.contexts as IDBObjectStore[]).filter((store) => store.name === 'items')).toEqual([]);
  });

  it('follows the device live: a sale that takes an item below 2, a delivery, a renamed category', async () => {
    // liveQuery runs only where Dexie sees an indexedDB (Node has none of its own).
    Dexie.dependencies.indexedDB ??= new IDBFactory();
    Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;
    const db = await seeded();
    const seen: string[][] = [];
    const subscription = liveQuery(() => readLowStockItems(db, 200)).subscribe((rows) => seen.push(rows.map((row) => `${row.id}:${row.stockHundredths}:${row.categoryName}`)));
    await expect.poll(() => seen.at(-1)?.length).toBe(6);
    await db.items.update('plug', { stockHundredths: 100 });
    await expect.poll(() => seen.at(-1)).toContain('plug:100:Filters');
    await db.items.update('pad', { stockHundredths: 1000 });
    await expect.poll(() => seen.at(-1)?.some((row) => row.startsWith('pad:'))).toBe(false);
    await db.categories.update('filters', { name: 'Oil filters' });
    await expect.poll(() => seen.at(-1)).toContain('oil:0:Oil filters');
    await db.items.delete('oil');
    await expect.poll(() => seen.at(-1)?.some((row) => row.startsWith('oil:'))).toBe(false);
    subscription.unsubscribe();
  });
});
