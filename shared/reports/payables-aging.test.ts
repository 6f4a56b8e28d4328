import { describe, expect, it } from 'vitest';
import { payablesAgingTable, payablesReport } from './payables-aging';

// Issue 44, points 6 and 8: what is owed to each supplier, aged from the bill dates.

const bill = (id: string, billDate: string, totalCents: number, dueDate = billDate) => ({ id, billNo: id.toUpperCase(), billDate, dueDate, totalCents });
const today = '2026-12-07';

describe('the payables by supplier', () => {
  const report = payablesReport(
    [
      // Lanka: Rs. 1,000 old (100 days), Rs. 500 recent, Rs. 300 paid against the old one.
      {
        supplierId: 's1',
        supplierName: 'Lanka Auto Parts',
        bills: [bill('l1', '2026-08-29', 100_000, '2026-09-28'), bill('l2', '2026-11-30', 50_000, '2026-12-30')],
        payments: [{ billId: 'l1', amountCents: 30_000 }],
        creditsCents: [],
      },
      // Colombo Tyres: one bill of 45 days, a return's credit of Rs. 200.
      { supplierId: 's2', supplierName: 'Colombo Tyres', bills: [bill('c1', '2026-10-23', 80_000)], payments: [], creditsCents: [20_000] },
      // Kandy Oils: paid more than billed (an advance).
      { supplierId: 's3', supplierName: 'Kandy Oils', bills: [bill('k1', '2026-12-01', 10_000)], payments: [{ amountCents: 15_000 }], creditsCents: [] },
      // Nothing at all: not listed.
      { supplierId: 's4', supplierName: 'Galle Batteries', bills: [], payments: [], creditsCents: [] },
    ],
    today,
  );

  it('ages what is still open on each bill, most owed first', () => {
    expect(report.rows.map((row) => [row.supplierName, row.openBills, row.owedCents, row.creditCents, row.nextDue])).toEqual([
      ['Lanka Auto Parts', 2, 120_000, 0, '2026-09-28'],
      ['Colombo Tyres', 1, 60_000, 0, '2026-10-23'],
      ['Kandy Oils', 0, 0, 5_000, null],
    ]);
    expect(report.rows[0]!.aging).toEqual({ '0–30 days': 50_000, '31–60 days': 0, '61–90 days': 0, 'Over 90 days': 70_000 });
    expect(report.rows[1]!.aging).toEqual({ '0–30 days': 0, '31–60 days': 60_000, '61–90 days': 0, 'Over 90 days': 0 });
  });

  it('totals every column, and the buckets add up to what is owed', () => {
    expect(report.totals).toEqual({
      openBills: 3,
      owedCents: 180_000,
      creditCents: 5_000,
      aging: { '0–30 days': 50_000, '31–60 days': 60_000, '61–90 days': 0, 'Over 90 days': 70_000 },
    });
    for (const row of [...report.rows, report.totals]) expect(Object.values(row.aging).reduce((sum, cents) => sum + cents, 0)).toBe(row.owedCents);
  });

  it('gives the PDF a row per supplier and the total', () => {
    const { columns, cells } = payablesAgingTable(report);
    expect(columns).toEqual(['Supplier', 'Open Bills', '0–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Owed', 'Credit']);
    expect(cells.at(-1)).toEqual(['Total', '3', 'Rs. 500.00', 'Rs. 600.00', 'Rs. 0.00', 'Rs. 700.00', 'Rs. 1,800.00', 'Rs. 50.00']);
    expect(cells).toHaveLength(4);
  });
});
