import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { createGarageDb } from '@/db/db';
import type { GoodsReceiptRow } from '@shared/schemas/receipt';
import { readPurchases } from './read-purchases';

// The device's read of Purchases by supplier over a real Dexie database (fake-indexeddb).

let dbCount = 0;
const makeDb = () => createGarageDb(`purchases-${++dbCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });

/** A local time as the server records it (ISO, UTC). */
const at = (month: number, day: number, hour = 10) => new Date(2026, month - 1, day, hour).toISOString();

const receipt = (id: string, supplierId: string, supplierName: string, createdAt: string, totalCents: number | undefined, deleted = false): GoodsReceiptRow => ({
  id,
  version: 1,
  deleted,
  updatedAt: createdAt,
  orderId: `order-${id}`,
  orderNo: `PO-${id}`,
  supplierId,
  supplierName,
  note: '',
  ...(totalCents !== undefined ? { totalCents } : {}),
  userId: 'u1',
  userName: 'Admin',
  createdAt,
  register: '',
  reviewState: '',
  reviewReason: '',
  reviewedById: null,
  reviewedBy: '',
  reviewedAt: null,
  receivedAt: createdAt,
  clockAheadMs: 0,
});

async function seeded() {
  const db = makeDb();
  await db.suppliers.bulkPut([
    { id: 'lanka', name: 'Lanka Auto Parts (Kandy)', version: 1, deleted: false, updatedAt: '' },
    { id: 'gone', name: 'Gone Supplier', version: 1, deleted: true, updatedAt: '' },
  ] as never[]);
  await db.goodsReceipts.bulkPut([
    receipt('before', 'lanka', 'Lanka Auto Parts', at(11, 30, 23), 1_000),
    receipt('first', 'lanka', 'Lanka Auto Parts', at(12, 1, 0), 54_000),
    receipt('second', 'colombo', 'Colombo Motors', at(12, 10), 100_000),
    receipt('third', 'lanka', 'Lanka Auto Parts', at(12, 31, 23), 36_000),
    receipt('removed', 'colombo', 'Colombo Motors', at(12, 12), 7_000, true),
    receipt('old-name', 'gone', 'Old Name Ltd', at(12, 20), 500),
    receipt('after', 'colombo', 'Colombo Motors', at(1 + 12, 1, 0), 9_000),
  ] as never[]);
  return db;
}

afterEach(() => vi.restoreAllMocks());

describe('readPurchases', () => {
  it("sums the period's live deliveries by supplier, named as the supplier is now (or by the receipt once it is gone)", async () => {
    const db = await seeded();
    expect(await readPurchases(db, '2026-12-01', '2026-12-31')).toEqual({
      rows: [
        { key: 'colombo', supplierName: 'Colombo Motors', deliveries: 1, receivedCents: 100_000, returnedCents: 0, netCents: 100_000 },
        { key: 'lanka', supplierName: 'Lanka Auto Parts (Kandy)', deliveries: 2, receivedCents: 90_000, returnedCents: 0, netCents: 90_000 },
        { key: 'gone', supplierName: 'Old Name Ltd', deliveries: 1, receivedCents: 500, returnedCents: 0, netCents: 500 },
      ],
      totals: { deliveries: 4, receivedCents: 190_500, returnedCents: 0, netCents: 190_500 },
    });
    expect((await readPurchases(db, '2026-11-30', '2026-11-30')).totals).toEqual({ deliveries: 1, receivedCents: 1_000, returnedCents: 0, netCents: 1_000 });
    expect((await readPurchases(db, '2027-01-01', '2027-01-01')).totals).toEqual({ deliveries: 1, receivedCents: 9_000, returnedCents: 0, netCents: 9_000 });
    expect((await readPurchases(db, '2026-12-02', '2026-12-01')).rows).toEqual([]);
  });

  it("takes the period's returns to a supplier off it, at their credit", async () => {
    const db = await seeded();
    const sent = (id: string, supplierId: string, createdAt: string, totalCents: number, deleted = false) => ({
      id,
      version: 1,
      deleted,
      updatedAt: createdAt,
      receiptId: 'first',
      orderId: 'order-first',
      orderNo: 'PO-first',
      supplierId,
      supplierName: 'Lanka Auto Parts',
      note: '',
      totalCents,
      userId: 'u1',
      userName: 'Admin',
      createdAt,
      register: '',
      reviewState: '',
      reviewReason: '',
      reviewedById: null,
      reviewedBy: '',
      reviewedAt: null,
      receivedAt: createdAt,
      clockAheadMs: 0,
    });
    await db.supplierReturns.bulkPut([sent('r1', 'lanka', at(12, 5), 9_000), sent('r2', 'lanka', at(11, 29), 1_000), sent('r3', 'lanka', at(12, 6), 4_000, true)] as never[]);
    const report = await readPurchases(db, '2026-12-01', '2026-12-31');
    expect(report.rows.find((row) => row.key === 'lanka')).toEqual({
      key: 'lanka',
      supplierName: 'Lanka Auto Parts (Kandy)',
      deliveries: 2,
      receivedCents: 90_000,
      returnedCents: 9_000,
      netCents: 81_000,
    });
    expect(report.totals).toEqual({ deliveries: 4, receivedCents: 190_500, returnedCents: 9_000, netCents: 181_500 });
  });

  it('reads through the receipts’ and returns’ createdAt indexes, never the whole stores', async () => {
    const db = await seeded();
    const storeReads = [vi.spyOn(IDBObjectStore.prototype, 'getAll'), vi.spyOn(IDBObjectStore.prototype, 'openCursor')];
    const indexGetAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const indexCursor = vi.spyOn(IDBIndex.prototype, 'openCursor');
    await readPurchases(db, '2026-12-01', '2026-12-31');
    const indexCalls = [...indexGetAll.mock.contexts, ...indexCursor.mock.contexts] as IDBIndex[];
    expect(indexCalls.map((index) => `${index.objectStore.name}.${index.name}`).sort()).toEqual(['goodsReceipts.createdAt', 'supplierReturns.createdAt']);
    expect(storeReads.flatMap((spy) => spy.mock.contexts as IDBObjectStore[]).filter((store) => store.name === 'goodsReceipts' || store.name === 'supplierReturns')).toEqual([]);
  });
});
