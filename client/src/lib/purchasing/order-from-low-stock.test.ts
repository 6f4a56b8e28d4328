import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/instance';
import { syncedTable } from '@/db/db';
import { useSession } from '@/session/session-store';
import { orderFromLowStock, orderedWords } from './order-from-low-stock';

// 'Order' from low stock on a real Dexie database (fake-indexeddb): a draft for each usual supplier,
// numbered in a row and written together; what is still to come on an open order is read by item.

// The session reads local storage as it loads: a browser's, in memory, before any import runs.
vi.hoisted(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
});

const base = { version: 1, deleted: false, updatedAt: '' };
const item = (id: string, stock: number, reorderLevel: number, supplierId: string | null) => ({
  ...base,
  id,
  itemName: `Part ${id}`,
  barcode: `479${id}`,
  categoryId: null,
  unitPriceCents: 2000,
  costPriceCents: 1500,
  stockHundredths: stock * 100,
  reorderLevel,
  description: '',
  isService: false,
  warrantyMonths: 0,
  supplierId,
  supplierPartNo: '',
});
const supplier = (id: string, name: string) => ({ ...base, id, name, contactPerson: '', phone: '', email: '', address: '', paymentTermsDays: 30, notes: '' });
const order = (id: string, status: string) => ({
  ...base,
  id,
  orderNo: `PO-OTHER-${id}`,
  supplierId: 's1',
  supplierName: 'Lanka Auto Parts',
  status,
  note: '',
  totalCents: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  createdById: 'u0',
  createdBy: 'Admin',
  orderedAt: null,
});
const line = (id: string, orderId: string, itemId: string, quantity: number, received = 0) => ({
  ...base,
  id,
  orderId,
  position: 0,
  itemId,
  itemName: `Part ${itemId}`,
  barcode: '',
  supplierPartNo: '',
  quantityHundredths: quantity * 100,
  unitCostCents: 1500,
  cancelledHundredths: 0,
  receivedHundredths: received * 100,
});

beforeAll(async () => {
  useSession.setState({ user: { _id: 'u1', name: 'Mala', role: 'Manager' } as never });
  await db.syncState.put({ key: 'deviceCode', value: 'K7Q2' });
  await db.transaction('rw', [syncedTable(db, 'items'), syncedTable(db, 'suppliers'), syncedTable(db, 'purchaseOrders'), syncedTable(db, 'purchaseOrderLines')], async () => {
    await db.suppliers.bulkPut([supplier('s1', 'Lanka Auto Parts'), supplier('s2', 'Perera Motor Spares')] as never[]);
    await db.items.bulkPut([
      item('a', 1, 5, 's1'), // short by 9 to twice its level; 4 still to come on an open order
      item('b', 0, 2, 's1'), // once ordered and received in full: nothing to come
      item('c', 3, 10, 's2'),
      item('d', 0, 4, null), // no usual supplier
      item('e', 50, 5, 's2'), // not under its level
    ] as never[]);
    await db.purchaseOrders.bulkPut([order('open', 'Ordered'), order('done', 'Received')] as never[]);
    await db.purchaseOrderLines.bulkPut([line('l1', 'open', 'a', 6, 2), line('l2', 'done', 'b', 10, 10), line('l3', 'open', 'e', 3)] as never[]);
  });
});

describe('orderFromLowStock', () => {
  it('drafts one order a usual supplier, numbered in a row, less what is still to come', async () => {
    const made = await orderFromLowStock();
    expect(made.orderIds).toHaveLength(2);
    const drafts = await db.purchaseOrders.bulkGet(made.orderIds);
    expect(drafts.map((draft) => [draft?.orderNo, draft?.supplierId, draft?.status])).toEqual([
      ['PO-K7Q2-00001', 's1', 'Draft'],
      ['PO-K7Q2-00002', 's2', 'Draft'],
    ]);
    const lines = await db.purchaseOrderLines.where('orderId').anyOf(made.orderIds).toArray();
    expect(Object.fromEntries(lines.map((row) => [row.itemId, row.quantityHundredths / 100]))).toEqual({ a: 5, b: 4, c: 17 });
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => [entry.name, entry.args.id])).toEqual(made.orderIds.map((id) => ['createPurchaseOrder', id]));
    expect(orderedWords(made)).toBe('2 draft orders made; 1 item has no usual supplier.');
  });

  it('counts its own drafts as on order the next time', async () => {
    const again = await orderFromLowStock();
    expect(again.orderIds).toEqual([]);
    expect(orderedWords(again)).toBe('No draft order was needed; 1 item has no usual supplier, 3 already on order.');
  });
});
