import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb, type GarageDb } from '@/db/db';
import { runLocalMutation, type Author } from '@/sync/local-mutation';
import { newRecordId } from '@shared/sync/record-id';
import type { ImportKind } from '@shared/import/columns';
import { planImport } from '../plan/plan-import';
import { readShop } from '../plan/read-shop';
import type { FileRow } from '../plan/plan-types';
import { applyPlan, startImportRun } from './apply-plan';
import { openingBalancesStay, undoImport } from './undo-import';

const admin: Author = { id: 'admin-1', name: 'Anoma', role: 'Admin' };
const newDb = (name: string) => createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const rows = (cells: Record<string, unknown>[]): FileRow[] => cells.map((c, i) => ({ row: i + 2, cells: c }));

async function importRows(db: GarageDb, kind: ImportKind, file: FileRow[]) {
  const plan = planImport(kind, file, await readShop(db, kind), newRecordId);
  const run = await startImportRun(db, admin, { kind, fileName: `${kind}.csv`, plan });
  await applyPlan(db, admin, plan, { importId: run.id });
  return run.id;
}

const items = rows([
  { itemName: 'Oil Filter', barcode: '1', category: 'Filters', unitPrice: 100, costPrice: 80, stockQuantity: 5 },
  { itemName: 'Air Filter', barcode: '2', category: 'Filters', unitPrice: 100, costPrice: 80, stockQuantity: 5 },
  { itemName: 'Brake Pad', barcode: '3', category: 'Brakes', unitPrice: 100, costPrice: 80 },
]);

describe('undoImport: what an import made and nothing has used since is removed', () => {
  it('removes everything an unused import made, through the delete operations', async () => {
    const db = newDb('undo-all');
    const importId = await importRows(db, 'items', items);
    const report = await undoImport(db, admin, importId);
    expect(report).toEqual({ removed: 5, kept: [], keptCount: 0 });
    expect(await db.items.count()).toBe(0);
    expect(await db.categories.count()).toBe(0);
    expect(
      (await db.outbox.toArray())
        .filter((entry) => entry.name.startsWith('delete'))
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['deleteCategory', 'deleteCategory', 'deleteItem', 'deleteItem', 'deleteItem']);
    expect((await db.imports.get(importId))?.undoneAt).toEqual(expect.any(String));
    await expect(undoImport(db, admin, importId)).rejects.toThrow('This import was undone already.');
  });

  it('keeps what has been used since, and says which and why', async () => {
    const db = newDb('undo-used');
    const importId = await importRows(db, 'items', items);
    const sold = (await db.items.where('barcode').equals('1').first())!;
    await runLocalMutation(db, admin, 'adjustStock', { id: newRecordId(), itemId: sold.id, quantity: -1, reason: 'adjustment' });
    const report = await undoImport(db, admin, importId);
    expect(report.kept).toEqual([
      { table: 'items', id: sold.id, name: 'Oil Filter', reason: 'Its stock has moved since the import (a sale, a count or a delivery).' },
      { table: 'categories', id: sold.categoryId, name: 'Filters', reason: 'An item kept uses it.' },
    ]);
    expect(report.removed).toBe(3);
    expect((await db.items.toArray()).map((item) => item.itemName)).toEqual(['Oil Filter']);
  });

  it('an item imported below zero opens there, and an undo still removes it: its one movement is its opening', async () => {
    const db = newDb('undo-below-zero');
    const importId = await importRows(db, 'items', rows([{ itemName: 'Spark Plug', barcode: '9', category: 'Ignition', unitPrice: 100, costPrice: 80, stockQuantity: -3 }]));
    const plug = (await db.items.where('barcode').equals('9').first())!;
    expect(plug.stockHundredths).toBe(-300);
    expect((await db.stockMovements.where('itemId').equals(plug.id).toArray()).map((move) => move.quantityHundredths)).toEqual([-300]);
    expect(await undoImport(db, admin, importId)).toEqual({ removed: 2, kept: [], keptCount: 0 });
    expect(await db.items.count()).toBe(0);
  });

  it('keeps a customer with a job card', async () => {
    const db = newDb('undo-customer');
    const importId = await importRows(
      db,
      'customers',
      rows([
        { customerName: 'Sunil', phone: '0771234567', address: 'Kandy', make: 'Toyota', model: 'Axio', year: 2015, licensePlate: 'CAB-1234' },
        { customerName: 'Nimal', phone: '0712345678', address: 'Galle', make: 'Honda', model: 'Fit', year: 2012, licensePlate: 'KL-5678' },
      ]),
    );
    const sunil = (await db.customers.toArray()).find((customer) => customer.customerName === 'Sunil')!;
    await db.jobCards.put({ id: 'job-1', customerId: sunil.id } as never);
    const report = await undoImport(db, admin, importId);
    expect(report.kept).toEqual([{ table: 'customers', id: sunil.id, name: 'Sunil', reason: 'It has job cards or invoices.' }]);
    expect(report.removed).toBe(1);
  });

  it('refuses to undo an import of opening balances, in words, and leaves it as it was: an invoice is never deleted', async () => {
    const db = newDb('undo-opening');
    await importRows(
      db,
      'customers',
      rows([{ customerName: 'Sunil', phone: '0771234567', address: 'Kandy', make: 'Toyota', model: 'Axio', year: 2015, licensePlate: 'CAB-1234' }]),
    );
    const file = rows([
      { phone: '0771234567', invoiceNo: 'A-1', date: '2025-03-01', total: 4500, paid: 1000 },
      { phone: '0771234567', invoiceNo: 'A-2', date: '2025-03-02', total: 800 },
    ]);
    const importId = await importRows(db, 'openingBalances', file);
    expect((await db.invoices.toArray()).map((invoice) => invoice.invoiceNo).sort()).toEqual(['OB-A-1', 'OB-A-2']);
    await expect(undoImport(db, admin, importId)).rejects.toThrow(openingBalancesStay);
    expect(await db.invoices.count()).toBe(2);
    expect((await db.imports.get(importId))?.undoneAt).toBeUndefined();
    // The same file again finds both by their numbers.
    expect(planImport('openingBalances', file, await readShop(db, 'openingBalances'), newRecordId).tallies.invoices).toEqual({ new: 0, update: 0, unchanged: 2 });
  });

  it('is for Admins', async () => {
    const db = newDb('undo-role');
    const importId = await importRows(db, 'services', rows([{ name: 'Oil Change', price: 100 }]));
    await expect(undoImport(db, { ...admin, role: 'Manager' }, importId)).rejects.toThrow('Only an Admin can undo an import.');
  });
});
