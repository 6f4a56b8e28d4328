import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/instance';
import { readSalesOverview } from './read-sales-overview';

const row = { version: 1, deleted: false, updatedAt: '' };

describe('readSalesOverview', () => {
  it("names the latest sale as 'Last sale', passing over an opening balance dated later (issue 43)", async () => {
    await db.invoices.bulkPut([
      { ...row, id: 'a', invoiceNo: 'INV-D01-00001', date: new Date(2026, 10, 3, 10).toISOString(), totalCents: 120_000 },
      { ...row, id: 'b', invoiceNo: 'OB-991', date: '2026-11-20', totalCents: 990_000, openingBalance: true },
    ] as never);
    const overview = await readSalesOverview(new Date(2026, 10, 25, 12));
    expect(overview.lastSale).toEqual({ date: new Date(2026, 10, 3, 10).toISOString(), totalCents: 120_000, invoiceNo: 'INV-D01-00001' });
    db.close();
  });
});
