// Issue 43, point 5: an import writes through the normal operations and the outbox, so a file
// imported offline reaches the server once, and the same file imported again adds nothing.
import { describe, expect, it } from 'vitest';
import { Random, freshServerEachTest, type Device } from './harness';
import { newRecordId } from '@shared/sync/record-id';
import type { ImportKind } from '@shared/import/columns';
import { planImport } from '@/features/import/plan/plan-import';
import { readShop } from '@/features/import/plan/read-shop';
import type { FileRow } from '@/features/import/plan/plan-types';
import { applyPlan, startImportRun } from '@/features/import/apply/apply-plan';

const bed = freshServerEachTest(new Random(43));
const rows = (cells: Record<string, unknown>[]): FileRow[] => cells.map((c, i) => ({ row: i + 2, cells: c }));

const itemsFile = rows(
  Array.from({ length: 40 }, (_, i) => ({
    itemName: `Brake Pad ${i}`,
    barcode: `4791${String(i).padStart(4, '0')}`,
    category: ['Brakes', 'Filters', 'Oils'][i % 3],
    unitPrice: 1000 + i,
    costPrice: 700,
    stockQuantity: i % 5,
    warranty: '6 months',
  })),
);
const customersFile = rows(
  Array.from({ length: 30 }, (_, i) => ({
    customerName: `සුනිල් ${Math.floor(i / 2)}`,
    phone: `07712${String(Math.floor(i / 2)).padStart(5, '0')}`,
    address: 'Kandy Road',
    ...(i % 4 === 0 ? { email: `c${i}@mail.lk` } : {}),
    make: 'Toyota',
    model: 'Axio',
    year: 2015,
    licensePlate: `CAB-${1000 + i}`,
  })),
);
const servicesFile = rows([
  { name: 'Oil Change', price: 2500 },
  { name: 'Wheel Alignment', price: 1800.5 },
]);

async function importFile(device: Device, kind: ImportKind, file: FileRow[], stopAfterBatches?: number) {
  const plan = planImport(kind, file, await readShop(device.db, kind), newRecordId);
  expect(plan.problems).toEqual([]);
  const run = await startImportRun(device.db, device.author, { kind, fileName: `${kind}.csv`, plan });
  let batches = 0;
  const result = await applyPlan(device.db, device.author, plan, { importId: run.id, batchSize: 10, shouldStop: () => batches === stopAfterBatches, onProgress: () => batches++ });
  return { plan, result };
}

const count = async (device: Device, sql: string) => ((await bed.server.db.$client.prepare(sql).get()) as { n: number }).n;

describe('an import made offline', () => {
  it('reaches the server exactly once, a stopped one finished by importing the file again, and a second import adds nothing', async () => {
    const a = bed.device('office PC');
    a.net.offline = true;
    const stopped = await importFile(a, 'items', itemsFile, 2);
    expect(stopped.result.stopped).toBe(true);
    await importFile(a, 'items', itemsFile);
    await importFile(a, 'customers', customersFile);
    await importFile(a, 'services', servicesFile);
    const queued = await a.outboxSize();
    expect(queued).toBe(3 + 40 + 15 + 2);

    a.net.offline = false;
    await a.syncClean();
    expect(await count(a, 'SELECT COUNT(*) AS n FROM items WHERE deleted = 0')).toBe(40);
    expect(await count(a, 'SELECT COUNT(*) AS n FROM categories WHERE deleted = 0')).toBe(3);
    expect(await count(a, 'SELECT COUNT(*) AS n FROM customers WHERE deleted = 0')).toBe(15);
    expect(await count(a, 'SELECT COUNT(*) AS n FROM services WHERE deleted = 0')).toBe(2);
    expect(await count(a, 'SELECT COUNT(*) AS n FROM applied_mutations')).toBe(queued);
    expect(await count(a, "SELECT COUNT(*) AS n FROM stock_movements WHERE reason = 'opening'")).toBe(32); // the 8 at stock 0 move nothing
    expect(await count(a, 'SELECT SUM(warrantyMonths) AS n FROM items')).toBe(40 * 6);

    // Another device gets the same shop; the first one equals the server.
    const b = bed.device('workshop tablet');
    await b.syncClean();
    expect(await b.mirror()).toEqual(await a.mirror());
    expect((await a.mirror()).customers.map((row) => (row as unknown as { customerName: string }).customerName)).toContain('සුනිල් 7');

    for (const [kind, file] of [
      ['items', itemsFile],
      ['customers', customersFile],
      ['services', servicesFile],
    ] as const) {
      const again = await importFile(a, kind, file);
      expect(again.plan.steps, kind).toEqual([]);
    }
    expect(await a.outboxSize()).toBe(0);
  });
});
