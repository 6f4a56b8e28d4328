import { describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from '@/db/db';

// What finishing, reopening and deleting a job does to its vehicle's reminder (issue 45), over a real
// Dexie database (fake-indexeddb) standing in for the device's.
const { testDb } = vi.hoisted(() => ({ testDb: { current: null as unknown } }));
vi.mock('@/db/instance', () => ({
  get db() {
    return testDb.current;
  },
}));
// The outbox is not what is tested here: what would be queued is.
vi.mock('@/sync/mutate', () => ({ mutate: vi.fn() }));
const { reminderAfter } = await import('./vehicle-reminder');

const base = { version: 1, deleted: false, updatedAt: '' };
const job = (id: string, status: string, dateIn: string, mileage: number, finishedAt: string | null = null) => ({
  ...base,
  id,
  jobNumber: id,
  customerId: 'c1',
  customerName: 'Nimal Perera',
  customerPhone: '0771234567',
  vehicleLicensePlate: 'CAB-1234',
  status,
  dateIn,
  finishedAt,
  currentMileage: mileage,
});
const oilLine = (jobCardId: string) => ({ ...base, id: `${jobCardId}-l`, jobCardId, kind: 'service', refId: 's-oil', name: 'Oil change', deleted: false });

async function device(name: string) {
  const db = createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  testDb.current = db;
  await db.services.bulkPut([{ ...base, id: 's-oil', serviceId: 'SRV-0001', name: 'Oil change', priceCents: 250_000, intervalMonths: 6, intervalKm: null }] as never[]);
  await db.customers.put({ ...base, id: 'c1', customerName: 'Nimal Perera', phone: '0771234567', vehicles: [], noReminders: false } as never);
  return db;
}

describe("a job's change and its vehicle's reminder", () => {
  it('finishing a job with an interval service makes the vehicle due; a move between open and suspended changes nothing', async () => {
    const db = await device('reminder-finish');
    await db.jobCards.put(job('j1', 'Open', '2026-06-01T04:00:00.000Z', 40_000) as never);
    await db.jobLines.put(oilLine('j1') as never);
    const change = await reminderAfter({ jobId: 'j1', to: 'Finished', at: '2026-06-01T09:00:00.000Z' });
    expect(change).toMatchObject({ save: { id: 'reminder-CAB1234', dueDate: '2026-12-01', services: [{ name: 'Oil change', by: 'date' }], remind: true } });
    expect(await reminderAfter({ jobId: 'j1', to: 'Suspended', at: '2026-06-01T09:00:00.000Z' })).toBeNull();
  });

  it('reopening or deleting the only finished job takes the reminder away; with another finished job it is worked out from that one', async () => {
    const db = await device('reminder-reopen');
    await db.jobCards.put(job('j1', 'Finished', '2026-06-01T04:00:00.000Z', 40_000, '2026-06-01T09:00:00.000Z') as never);
    await db.jobLines.put(oilLine('j1') as never);
    await db.serviceReminders.put({
      ...base,
      id: 'reminder-CAB1234',
      customerId: 'c1',
      vehicleLicensePlate: 'CAB-1234',
      dueDate: '2026-12-01',
      services: [],
      remind: true,
    } as never);
    expect(await reminderAfter({ jobId: 'j1', to: 'Open', at: '2026-06-02T09:00:00.000Z' })).toEqual({ remove: 'reminder-CAB1234' });
    expect(await reminderAfter({ jobId: 'j1', to: 'deleted', at: '2026-06-02T09:00:00.000Z' })).toEqual({ remove: 'reminder-CAB1234' });
    // An earlier oil change still stands when the later job goes.
    await db.jobCards.put(job('j0', 'Finished', '2026-01-10T04:00:00.000Z', 35_000, '2026-01-10T09:00:00.000Z') as never);
    await db.jobLines.put(oilLine('j0') as never);
    expect(await reminderAfter({ jobId: 'j1', to: 'deleted', at: '2026-06-02T09:00:00.000Z' })).toMatchObject({ save: { dueDate: '2026-07-10' } });
  });
});
