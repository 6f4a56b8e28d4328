import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb, type GarageDb } from '@/db/db';
import type { Author } from '@/sync/local-mutation';
import { newRecordId } from '@shared/sync/record-id';
import { planImport } from '../plan/plan-import';
import { readShop } from '../plan/read-shop';
import type { FileRow, ImportPlan } from '../plan/plan-types';
import { applyPlan, startImportRun } from './apply-plan';

const manager: Author = { id: 'user-1', name: 'Mala', role: 'Manager' };
const newDb = (name: string) => createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const itemRows = (count: number): FileRow[] =>
  Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    cells: { itemName: `Part ${i}`, barcode: `479${String(i).padStart(5, '0')}`, category: i % 2 ? 'Filters' : 'Brakes', unitPrice: 100 + i, costPrice: 80, stockQuantity: 5 },
  }));

async function dryRun(db: GarageDb, rows: FileRow[]): Promise<ImportPlan> {
  return planImport('items', rows, await readShop(db, 'items'), newRecordId);
}

async function importOnce(db: GarageDb, rows: FileRow[], options: { batchSize?: number; stopAfter?: number } = {}) {
  const plan = await dryRun(db, rows);
  const run = await startImportRun(db, manager, { kind: 'items', fileName: 'items.csv', plan });
  let batches = 0;
  const result = await applyPlan(db, manager, plan, {
    importId: run.id,
    batchSize: options.batchSize ?? 250,
    shouldStop: () => options.stopAfter !== undefined && batches >= options.stopAfter,
    onProgress: () => batches++,
  });
  return { plan, run, result };
}

describe('applyPlan: an import writes through the operations and the outbox, in batches', () => {
  it('writes every step, queues one change a step, and keeps what it made for an undo', async () => {
    const db = newDb('apply-all');
    const { plan, run, result } = await importOnce(db, itemRows(30), { batchSize: 7 });
    expect(result).toEqual({ written: 32, failed: [], stopped: false });
    expect(plan.steps).toHaveLength(32); // two categories, thirty items
    expect(await db.items.count()).toBe(30);
    expect(await db.categories.count()).toBe(2);
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(plan.steps.map((step) => step.name));
    expect((await db.items.where('barcode').equals('47900003').first())?.stockHundredths).toBe(500);
    const made = (await db.importedRecords.where('importId').equals(run.id).toArray()).flatMap((batch) => batch.refs);
    expect(made).toHaveLength(32);
    expect(await db.imports.get(run.id)).toMatchObject({ done: 32, total: 32, rowsDone: 30, finishedAt: expect.any(String) });
  });

  it('can be stopped; what was written stays, and the same file imported again finishes, then changes nothing', async () => {
    const db = newDb('apply-stop');
    const rows = itemRows(20);
    const first = await importOnce(db, rows, { batchSize: 5, stopAfter: 2 });
    expect(first.result).toMatchObject({ written: 10, stopped: true });
    expect((await db.imports.get(first.run.id))?.finishedAt).toBeUndefined();

    const second = await importOnce(db, rows);
    expect(second.plan.tallies.items).toEqual({ new: 12, update: 0, unchanged: 8 });
    expect(second.plan.tallies.categories).toEqual({ new: 0, update: 0, unchanged: 2 });
    expect(await db.items.count()).toBe(20);

    const third = await importOnce(db, rows);
    expect(third.plan.steps).toEqual([]);
    expect(third.result.written).toBe(0);
    expect(await db.outbox.count()).toBe(22);
  });

  it('writes the other steps of a batch when one is refused, and names its rows', async () => {
    const db = newDb('apply-refused');
    const plan = await dryRun(db, itemRows(3));
    const at = plan.steps.findLastIndex((step) => step.table === 'items');
    const broken: ImportPlan = { ...plan, steps: plan.steps.map((step, i) => (i === at && step.op === 'create' ? { ...step, args: { ...step.args, unitPrice: -1 } } : step)) };
    const run = await startImportRun(db, manager, { kind: 'items', fileName: 'items.csv', plan: broken });
    const result = await applyPlan(db, manager, broken, { importId: run.id });
    expect(result.failed).toEqual([{ row: broken.steps[at]!.rows[0], message: 'Prices, Quantity, and Reorder Level cannot be negative.' }]);
    expect(result.written).toBe(4);
    expect(await db.items.count()).toBe(2);
  });

  it('writes an update against the record as it is when written, and not at all when it no longer changes anything', async () => {
    const db = newDb('apply-update');
    await importOnce(db, itemRows(2));
    const changed = itemRows(2).map((row) => ({ ...row, cells: { ...row.cells, unitPrice: 999 } }));
    const plan = await dryRun(db, changed);
    expect(plan.tallies.items).toEqual({ new: 0, update: 2, unchanged: 0 });
    const item = (await db.items.where('barcode').equals('47900000').first())!;
    await db.items.update(item.id, { unitPriceCents: 99900 }); // the same change made meanwhile
    const run = await startImportRun(db, manager, { kind: 'items', fileName: 'items.csv', plan });
    const before = await db.outbox.count();
    expect((await applyPlan(db, manager, plan, { importId: run.id })).written).toBe(1);
    expect(await db.outbox.count()).toBe(before + 1);
  });
});
