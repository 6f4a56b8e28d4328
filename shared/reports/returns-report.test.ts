import { describe, expect, it } from 'vitest';
import { returnsReport, returnsReportTable } from './returns-report';

// cn1 and cn3 at 10 % included in prices (tax part of the worth); cn2 at 18 % added (tax on top).
const notes = [
  { id: 'cn1', day: '2026-11-24', reason: 'Wrong part', subTotalCents: 110_000, taxCents: 10_000, totalCents: 110_000, refundCents: 110_000 },
  { id: 'cn2', day: '2026-11-25', reason: 'Not needed', subTotalCents: 300_000, taxCents: 54_000, totalCents: 354_000, refundCents: 0 },
  { id: 'cn3', day: '2026-11-24', reason: 'Wrong part', subTotalCents: 55_000, taxCents: 5_000, totalCents: 55_000, refundCents: 55_000 },
];
const lines = [
  { creditNoteId: 'cn1', name: 'Oil filter', quantityHundredths: 100, totalCents: 110_000, taxCents: 10_000 },
  { creditNoteId: 'cn2', name: 'Tune-up', quantityHundredths: 100, totalCents: 300_000, taxCents: 54_000 },
  { creditNoteId: 'cn3', name: 'Oil filter', quantityHundredths: 50, totalCents: 55_000, taxCents: 5_000 },
  { creditNoteId: 'other', name: 'Brake pad', quantityHundredths: 400, totalCents: 900_000, taxCents: 0 }, // a credit note outside the period
];
const totals = { returns: 3, quantityHundredths: 250, beforeTaxCents: 450_000, taxCents: 69_000, worthCents: 519_000, refundCents: 165_000 };

// Issue 47: the report's rows and its totals add up on the page in every grouping: before tax + tax
// = worth on each row, and each column's rows sum to its total (an item's worth had left the tax out).
describe('returnsReport: grouped with totals', () => {
  it.each([
    [
      'day',
      [
        { key: '2026-11-24', returns: 2, quantityHundredths: 150, beforeTaxCents: 150_000, taxCents: 15_000, worthCents: 165_000, refundCents: 165_000 },
        { key: '2026-11-25', returns: 1, quantityHundredths: 100, beforeTaxCents: 300_000, taxCents: 54_000, worthCents: 354_000, refundCents: 0 },
      ],
    ],
    [
      'reason',
      [
        { key: 'Not needed', returns: 1, quantityHundredths: 100, beforeTaxCents: 300_000, taxCents: 54_000, worthCents: 354_000, refundCents: 0 },
        { key: 'Wrong part', returns: 2, quantityHundredths: 150, beforeTaxCents: 150_000, taxCents: 15_000, worthCents: 165_000, refundCents: 165_000 },
      ],
    ],
    [
      'item',
      [
        { key: 'Tune-up', returns: 1, quantityHundredths: 100, beforeTaxCents: 300_000, taxCents: 54_000, worthCents: 354_000, refundCents: null },
        { key: 'Oil filter', returns: 2, quantityHundredths: 150, beforeTaxCents: 150_000, taxCents: 15_000, worthCents: 165_000, refundCents: null },
      ],
    ],
  ] as const)('by %s: each row and each column adds up to the totals', (by, rows) => {
    const report = returnsReport(notes, lines, by);
    expect(report.rows).toEqual(rows);
    expect(report.totals).toEqual(totals);
    for (const column of ['beforeTaxCents', 'taxCents', 'worthCents'] as const) expect(report.rows.reduce((sum, row) => sum + row[column], 0)).toBe(totals[column]);
  });

  it('is empty for a period without returns', () => {
    expect(returnsReport([], lines, 'item')).toEqual({ rows: [], totals: { returns: 0, quantityHundredths: 0, beforeTaxCents: 0, taxCents: 0, worthCents: 0, refundCents: 0 } });
  });

  it('says it as text for the PDF', () => {
    expect(returnsReportTable(returnsReport(notes, lines, 'item').rows, 'item')).toEqual({
      columns: ['Item', 'Returns', 'Quantity', 'Before Tax', 'Tax', 'Worth', 'Refunded'],
      cells: [
        ['Tune-up', '1', '1', 'Rs. 3,000.00', 'Rs. 540.00', 'Rs. 3,540.00', '—'],
        ['Oil filter', '2', '1.5', 'Rs. 1,500.00', 'Rs. 150.00', 'Rs. 1,650.00', '—'],
      ],
    });
  });
});
