import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGarageDb, type GarageDb } from '@/db/db';
import { readCsv } from '@shared/export/csv';
import { exportListFile, exportShopFile } from './export-files';
import { exportBatchRows } from './read-in-batches';

// Issue 43: the device's lists as CSV files and the whole shop as a zip, from its own rows.
const synced = { version: 1, deleted: false, updatedAt: '' };
const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');

async function shop(name: string): Promise<GarageDb> {
  const db = createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.categories.bulkPut([{ ...synced, id: 'c1', name: 'Filters', description: '' }] as never);
  await db.items.bulkPut(
    Array.from({ length: exportBatchRows * 2 + 7 }, (_, i) => ({
      ...synced,
      id: `item-${String(i).padStart(5, '0')}`,
      itemName: i === 0 ? '=SUM(A1:A9)' : `තෙල් පෙරහන ${i}`,
      barcode: `B${i}`,
      categoryId: i % 2 ? 'c1' : null,
      unitPriceCents: 125_050,
      costPriceCents: 70_000,
      stockHundredths: -150,
      reorderLevel: 2,
      description: 'Galle Road, "3"',
      isService: false,
      warrantyMonths: 6,
    })) as never,
  );
  await db.customers.bulkPut([
    {
      ...synced,
      id: 'k1',
      customerName: 'සුනිල් පෙරේරා',
      contactPerson: '',
      email: 's@x.lk',
      phone: '0771234567',
      address: '',
      city: 'Kandy',
      isGuest: false,
      customerType: 'regular',
      vehicles: [
        { make: 'Toyota', model: 'Axio', year: 2016, licensePlate: 'CAB-1234', vin: '' },
        { make: 'Honda', model: 'Fit', year: 2018, licensePlate: 'KX-5678', vin: '' },
      ],
    },
    {
      ...synced,
      id: 'k2',
      customerName: 'முருகன்',
      contactPerson: '',
      email: '',
      phone: '0712222222',
      address: '',
      city: '',
      isGuest: false,
      customerType: 'regular',
      vehicles: [],
    },
    { ...synced, id: 'k3', deleted: true, customerName: '', contactPerson: '', email: '', phone: '', address: '', city: '', isGuest: false, customerType: 'regular', vehicles: [] },
  ] as never);
  await db.invoices.bulkPut([
    {
      ...synced,
      id: 'i1',
      invoiceNo: 'OB-1042',
      date: '2025-03-01',
      dueDate: '2025-03-31',
      openingBalance: true,
      note: '',
      customerId: 'k1',
      customerName: 'සුනිල් පෙරේරා',
      // The phone it was printed with; the customer's is 0771234567 now.
      customerPhone: '0770000000',
      totalCents: 450_000,
      returnedCents: 0,
      paidCents: 100_000,
      dueCents: 350_000,
      status: 'Due',
    },
    {
      ...synced,
      id: 'i2',
      invoiceNo: 'INV-D01-00001',
      date: '2025-04-01T04:00:00.000Z',
      customerName: 'முருகன்',
      customerPhone: '0712222222',
      totalCents: 10_000,
      returnedCents: 0,
      paidCents: 10_000,
      dueCents: 0,
      status: 'Paid',
    },
  ] as never);
  return db;
}

describe('exportListFile', () => {
  it('writes every item in id order, a formula escaped, the Cost Price only for a reader of costs', async () => {
    const db = await shop('export-items');
    const manager = await exportListFile(db, 'items', true);
    expect(manager.name).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
    const managerRows = readCsv(text(manager.parts));
    expect(text(manager.parts).startsWith('\uFEFFItem Name,')).toBe(true);
    expect(text(manager.parts)).toContain(`\r\n'=SUM(A1:A9),B0,N/A,1250.50,700.00,-1.5,2,6,"Galle Road, ""3"""\r\n`);
    expect(managerRows[0]).toEqual(['Item Name', 'Barcode', 'Category', 'Unit Price', 'Cost Price', 'Stock Quantity', 'Reorder Level', 'Warranty Months', 'Description']);
    expect(managerRows).toHaveLength(exportBatchRows * 2 + 8);
    expect(managerRows[2]).toEqual(['තෙල් පෙරහන 1', 'B1', 'Filters', '1250.50', '700.00', '-1.5', '2', '6', 'Galle Road, "3"']);
    const staffRows = readCsv(text((await exportListFile(db, 'items', false)).parts));
    expect(staffRows[0]).not.toContain('Cost Price');
    expect(staffRows[2]).toEqual(['තෙල් පෙරහන 1', 'B1', 'Filters', '1250.50', '-1.5', '2', '6', 'Galle Road, "3"']);
  });

  it('writes a customer once for each vehicle, and leaves deleted ones out', async () => {
    const db = await shop('export-customers');
    expect(readCsv(text((await exportListFile(db, 'customers', false)).parts))).toEqual([
      ['Customer Name', 'Contact Person', 'Email', 'Phone', 'Address', 'City', 'License Plate', 'Make', 'Model', 'Year', 'VIN', 'Message Language', 'No Reminders'],
      ['සුනිල් පෙරේරා', '', 's@x.lk', '0771234567', '', 'Kandy', 'CAB-1234', 'Toyota', 'Axio', '2016', '', 'English', 'No'],
      ['සුනිල් පෙරේරා', '', 's@x.lk', '0771234567', '', 'Kandy', 'KX-5678', 'Honda', 'Fit', '2018', '', 'English', 'No'],
      ['முருகன்', '', '', '0712222222', '', '', '', '', '', '', '', 'English', 'No'],
    ]);
  });

  it("writes the due list as the import reads opening balances: dd/MM/yyyy days, rupees, the customer's phone as it is now", async () => {
    const db = await shop('export-due');
    const rows = readCsv(text((await exportListFile(db, 'dueList', false)).parts));
    expect(rows.slice(0, 2).map((row) => row.slice(0, 8))).toEqual([
      ['Invoice No', 'Customer Name', 'Phone', 'Date', 'Due Date', 'Total', 'Paid', 'Due'],
      ['OB-1042', 'සුනිල් පෙරේරා', '0771234567', '01/03/2025', '31/03/2025', '4500.00', '1000.00', '3500.00'],
    ]);
    expect(rows).toHaveLength(2);
  });
});

describe('exportShopFile', () => {
  it('zips every list, each file read back by unzip as written', async () => {
    const db = await shop('export-shop');
    const file = await exportShopFile(db, true);
    expect(file.files.map((entry) => entry.file)).toEqual([
      'customers.csv',
      'items.csv',
      'services.csv',
      'invoices.csv',
      'invoice-lines.csv',
      'payments.csv',
      'due-list.csv',
      'credit-notes.csv',
      'expenses.csv',
      'stock-movements.csv',
      'job-cards.csv',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'shop-zip-'));
    try {
      writeFileSync(join(dir, 'shop.zip'), Buffer.concat(file.parts));
      expect(execFileSync('unzip', ['-t', join(dir, 'shop.zip')], { encoding: 'utf8' })).toContain('No errors detected');
      const invoices = readCsv(execFileSync('unzip', ['-p', join(dir, 'shop.zip'), 'invoices.csv'], { encoding: 'utf8' }));
      expect(invoices.map((row) => [row[0], row[13]])).toEqual([
        ['Invoice No', 'Opening Balance'],
        ['OB-1042', 'Yes'],
        ['INV-D01-00001', 'No'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
