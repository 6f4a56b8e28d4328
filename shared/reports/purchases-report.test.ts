import { describe, expect, it } from 'vitest';
import { purchasesReport, purchasesReportTable, type ReportReceipt } from './purchases-report';

const lanka = (totalCents?: number): ReportReceipt => ({ supplierId: 's-lanka', supplierName: 'Lanka Auto Parts', ...(totalCents !== undefined ? { totalCents } : {}) });
const colombo = (totalCents: number): ReportReceipt => ({ supplierId: 's-colombo', supplierName: 'Colombo Motors', totalCents });
const abc = (totalCents: number): ReportReceipt => ({ supplierId: 's-abc', supplierName: 'ABC Spares', totalCents });

describe('purchasesReport: a row per supplier, largest first, and the total', () => {
  it.each<[string, ReportReceipt[], ReturnType<typeof purchasesReport>]>([
    ['nothing in the period', [], { rows: [], totals: { deliveries: 0, receivedCents: 0, returnedCents: 0, netCents: 0 } }],
    [
      'one delivery',
      [lanka(54_000)],
      {
        rows: [{ key: 's-lanka', supplierName: 'Lanka Auto Parts', deliveries: 1, receivedCents: 54_000, returnedCents: 0, netCents: 54_000 }],
        totals: { deliveries: 1, receivedCents: 54_000, returnedCents: 0, netCents: 54_000 },
      },
    ],
    [
      'a supplier’s deliveries add up; the larger supplier first',
      [lanka(54_000), colombo(100_000), lanka(36_000), colombo(1)],
      {
        rows: [
          { key: 's-colombo', supplierName: 'Colombo Motors', deliveries: 2, receivedCents: 100_001, returnedCents: 0, netCents: 100_001 },
          { key: 's-lanka', supplierName: 'Lanka Auto Parts', deliveries: 2, receivedCents: 90_000, returnedCents: 0, netCents: 90_000 },
        ],
        totals: { deliveries: 4, receivedCents: 190_001, returnedCents: 0, netCents: 190_001 },
      },
    ],
    [
      'equal amounts by name',
      [lanka(5_000), abc(5_000)],
      {
        rows: [
          { key: 's-abc', supplierName: 'ABC Spares', deliveries: 1, receivedCents: 5_000, returnedCents: 0, netCents: 5_000 },
          { key: 's-lanka', supplierName: 'Lanka Auto Parts', deliveries: 1, receivedCents: 5_000, returnedCents: 0, netCents: 5_000 },
        ],
        totals: { deliveries: 2, receivedCents: 10_000, returnedCents: 0, netCents: 10_000 },
      },
    ],
    [
      'a delivery without its cost (a device that reads none) counts, at nothing',
      [lanka(), lanka(2_500)],
      {
        rows: [{ key: 's-lanka', supplierName: 'Lanka Auto Parts', deliveries: 2, receivedCents: 2_500, returnedCents: 0, netCents: 2_500 }],
        totals: { deliveries: 2, receivedCents: 2_500, returnedCents: 0, netCents: 2_500 },
      },
    ],
  ])('%s', (_, receipts, expected) => {
    expect(purchasesReport(receipts)).toEqual(expected);
  });

  it('takes a period’s returns off their supplier, at their credit; a supplier with only a return has its row', () => {
    expect(purchasesReport([lanka(54_000), colombo(100_000)], [lanka(12_000), abc(3_000)])).toEqual({
      rows: [
        { key: 's-colombo', supplierName: 'Colombo Motors', deliveries: 1, receivedCents: 100_000, returnedCents: 0, netCents: 100_000 },
        { key: 's-lanka', supplierName: 'Lanka Auto Parts', deliveries: 1, receivedCents: 54_000, returnedCents: 12_000, netCents: 42_000 },
        { key: 's-abc', supplierName: 'ABC Spares', deliveries: 0, receivedCents: 0, returnedCents: 3_000, netCents: -3_000 },
      ],
      totals: { deliveries: 2, receivedCents: 154_000, returnedCents: 15_000, netCents: 139_000 },
    });
  });

  it('prints the suppliers, then the total', () => {
    expect(purchasesReportTable(purchasesReport([lanka(54_000), colombo(123_456_78), lanka(36_000)]))).toEqual({
      columns: ['Supplier', 'Deliveries', 'Received at Cost', 'Returned at Cost', 'Net'],
      cells: [
        ['Colombo Motors', '1', 'Rs. 123,456.78', 'Rs. 0.00', 'Rs. 123,456.78'],
        ['Lanka Auto Parts', '2', 'Rs. 900.00', 'Rs. 0.00', 'Rs. 900.00'],
        ['Total', '3', 'Rs. 124,356.78', 'Rs. 0.00', 'Rs. 124,356.78'],
      ],
    });
  });
});
