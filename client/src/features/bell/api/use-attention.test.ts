import { describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from '@/db/db';

// The bell's entry for returns to a supplier raised for review (issue 44, point 7), over a real Dexie
// database (fake-indexeddb) standing in for the device's.
const { testDb } = vi.hoisted(() => ({ testDb: { current: null as unknown } }));
vi.mock('@/db/instance', () => ({
  get db() {
    return testDb.current;
  },
}));
const { readRecordsAttention, recordTables } = await import('./use-attention');
const { localDateInput } = await import('@/lib/format-date');

const supplierReturn = (id: string, reviewState: '' | 'open' | 'reviewed', deleted = false) => ({
  id,
  version: 1,
  deleted,
  updatedAt: '',
  receiptId: `r-${id}`,
  orderId: `o-${id}`,
  orderNo: `PO-DA-0000${id}`,
  supplierId: 's1',
  supplierName: 'Lanka Auto Parts',
  note: '',
  totalCents: 180_00,
  userId: 'u1',
  userName: 'Nimal',
  createdAt: '2026-12-07T10:00:00.000Z',
  register: '',
  receivedAt: '',
  clockAheadMs: 0,
  reviewState,
  reviewReason: reviewState === 'open' ? 'Oil filter: 2 more than was left of the delivery to send back.' : '',
  reviewedById: null,
  reviewedBy: '',
  reviewedAt: null,
});

describe('the bell', () => {
  it('names the returns to a supplier raised for review to those who purchase, and opens the first one’s order', async () => {
    const db = createGarageDb('bell-supplier-returns', { indexedDB: new IDBFactory(), IDBKeyRange });
    testDb.current = db;
    await db.supplierReturns.bulkPut([supplierReturn('1', 'open'), supplierReturn('2', ''), supplierReturn('3', 'reviewed'), supplierReturn('4', 'open', true)] as never[]);
    const entries = await readRecordsAttention('Manager');
    expect(entries.filter((entry) => entry.key.startsWith('supplierReturns:'))).toEqual([
      { key: 'supplierReturns:1', kind: 'review', title: '1 return to a supplier raised for review', detail: 'PO-DA-00001', href: '/inventory/purchase-orders/o-1' },
    ]);
    expect((await readRecordsAttention('Staff')).filter((entry) => entry.key.startsWith('supplierReturns:'))).toEqual([]);
  });
});

describe('the bell’s vehicles due today (issue 45)', () => {
  it('counts the reminders due today whose customer takes reminders, and opens the Reminders list', async () => {
    const db = createGarageDb('bell-reminders', { indexedDB: new IDBFactory(), IDBKeyRange });
    testDb.current = db;
    const today = localDateInput();
    const reminder = (id: string, dueDate: string, remind = true, deleted = false) => ({
      id,
      version: 1,
      deleted,
      updatedAt: '',
      customerId: `c-${id}`,
      vehicleLicensePlate: `CAB-${id}`,
      customerName: `Customer ${id}`,
      customerPhone: '0771234567',
      dueDate,
      services: [{ name: 'Oil change', dueDate, dueKm: null, by: 'date' }],
      kmPerDay: 30,
      lastVisit: '2026-06-01',
      lastMileage: 40_000,
      remind,
    });
    await db.serviceReminders.bulkPut([
      reminder('1001', today),
      reminder('1002', today),
      reminder('1003', today, false),
      reminder('1004', today, true, true),
      reminder('1005', '2020-01-01'),
    ] as never[]);
    const entries = (await readRecordsAttention('Staff')).filter((entry) => entry.kind === 'reminders');
    expect(entries).toEqual([
      {
        key: `reminders:${today}:1001,1002`,
        kind: 'reminders',
        title: '2 vehicles due for a service today',
        detail: 'CAB-1001 (Customer 1001), CAB-1002 (Customer 1002)',
        href: '/transaction/reminders',
      },
    ]);
  });
});

describe("the bell's records", () => {
  it('read only the tables it follows, so a write to any of them reads the entries again', async () => {
    const db = createGarageDb('bell-record-tables', { indexedDB: new IDBFactory(), IDBKeyRange });
    // Every table a read reaches, as Dexie's own core sees it; an Admin reads every entry.
    const read = new Set<string>();
    db.use({
      stack: 'dbcore',
      name: 'tables-read',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          const reading =
            <A extends unknown[], R>(call: (...args: A) => R) =>
            (...args: A): R => (read.add(name), call(...args));
          return {
            ...table,
            get: reading(table.get),
            getMany: reading(table.getMany),
            query: reading(table.query),
            openCursor: reading(table.openCursor),
            count: reading(table.count),
          };
        },
      }),
    });
    testDb.current = db;
    await readRecordsAttention('Admin');
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((table) => !(recordTables as readonly string[]).includes(table)).sort(), 'read but not followed (add it to recordTables)').toEqual([]);
  });
});
