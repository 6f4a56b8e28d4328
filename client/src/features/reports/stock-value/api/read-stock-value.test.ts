import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { createGarageDb } from '@/db/db';
import type { ItemRow } from '@shared/schemas/item';
import { readStockValue } from './read-stock-value';

// The device's read of the Stock Value Report over a real Dexie database (fake-indexeddb).

let dbCount = 0;
const makeDb = () => createGarageDb(`stock-value-${++dbCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });

const item = (id: string, stockHundredths: number, costPriceCents: number, categoryId: string | null = 'filters', overrides: Partial<ItemRow> = {}): ItemRow => ({
  id,
  itemName: `Item ${id}`,
  barcode: `BC-${id}`,
  categoryId,
  unitPriceCents: 125050,
  costPriceCents,
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
  await db.categories.bulkPut([{ id: 'filters', name: 'Filters', description: '', version: 1, deleted: false, updatedAt: '' }] as never[]);
  await db.items.bulkPut([
    item('oil', 600, 9_250),
    item('air', 250, 99, null),
    item('none', 0, 5_000),
    item('negative', -100, 5_000),
    item('removed', 1_000, 5_000, 'filters', { deleted: true }),
    item('plug', 1_000, 300, 'no-such-category'),
  ] as never[]);
  return db;
}

afterEach(() => vi.restoreAllMocks());

describe('readStockValue', () => {
  it('values the live items with stock, largest first, with category names (N/A as null)', async () => {
    const db = await seeded();
    const report = await readStockValue(db);
    expect(report.lines.map((line) => [line.id, line.categoryName, line.valueCents])).toEqual([
      ['oil', 'Filters', 55_500],
      ['plug', null, 3_000],
      ['air', null, 248],
    ]);
    expect(report.totals).toEqual({ items: 3, valueCents: 58_748 });
  });

  it('reads through the stockHundredths index, never the whole items store', async () => {
    const db = await seeded();
    const storeReads = [vi.spyOn(IDBObjectStore.prototype, 'getAll'), vi.spyOn(IDBObjectStore.prototype, 'openCursor')];
    const indexGetAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const indexCursor = vi.spyOn(IDBIndex.prototype, 'openCursor');
    await readStockValue(db);
    const indexCalls = [...indexGetAll.mock.contexts, ...indexCursor.mock.contexts] as IDBIndex[];
    expect(indexCalls.map((index) => `${index.objectStore.name}.${index.name}`)).toEqual(['items.stockHundredths']);
    expect(storeReads.flatMap((spy) => spy.mock.contexts as IDBObjectStore[]).filter((store) => store.name === 'items')).toEqual([]);
  });
});
