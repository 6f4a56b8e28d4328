import { describe, expect, it } from 'vitest';
import { returnsReport, returnsReportTable } from './returns-report';

const notes = [
  { id: 'cn1', day: '2026-11-24', reason: 'Wrong part', totalCents: 110_000, refundCents: 110_000 },
  { id: 'cn2', day: '2026-11-25', reason: 'Not needed', totalCents: 300_000, refundCents: 0 },
  { id: 'cn3', day: '2026-11-24', reason: 'Wrong part', totalCents: 55_000, refundCents: 55_000 },
];
const lines = [
  { creditNoteId: 'cn1', name: 'Oil filter', quantityHundredths: 100, totalCents: 110_000 },
  { creditNoteId: 'cn2', name: 'Tune-up', quantityHundredths: 100, totalCents: 300_000 },
  { creditNoteId: 'cn3', name: 'Oil filter', quantityHundredths: 50, totalCents: 55_000 },
  { creditNoteId: 'other', name: 'Brake pad', quantityHundredths: 400, totalCents: 900_000 }, // a credit note outside the period
];

describe('returnsReport: grouped with totals', () => {
  it.each([
    [
      'day',
      [
        { key: '2026-11-24', returns: 2, quantityHundredths: 150, worthCents: 165_000, refundCents: 165_000 },
        { key: '2026-11-25', returns: 1, quantityHundredths: 100, worthCents: 300_000, refundCents: 0 },
      ],
    ],
    [
      'reason',
      [
        { key: 'Not needed', returns: 1, quantityHundredths: 100, worthCents: 300_000, refundCents: 0 },
        { key: 'Wrong part', returns: 2, quantityHundredths: 150, worthCents: 165_000, refundCents: 165_000 },
      ],
    ],
    [
      'item',
      [
        { key: 'Tune-up', returns: 1, quantityHundredths: 100, worthCents: 300_000, refundCents: null },
        { key: 'Oil filter', returns: 2, quantityHundredths: 150, worthCents: 165_000, refundCents: null },
      ],
    ],
  ] as const)('by %s', (by, rows) => {
    const report = returnsReport(notes, lines, by);
    expect(report.rows).toEqual(rows);
    expect(report.totals).toEqual({ returns: 3, quantityHundredths: 250, worthCents: 465_000, refundCents: 165_000 });
  });

  it('is empty for a period without returns', () => {
    expect(returnsReport([], lines, 'item')).toEqual({ rows: [], totals: { returns: 0, quantityHundredths: 0, worthCents: 0, refundCents: 0 } });
  });

  it('says it as text for the PDF', () => {
    expect(returnsReportTable(returnsReport(notes, lines, 'item').rows, 'item')).toEqual({
      columns: ['Item', 'Returns', 'Quantity', 'Worth', 'Refunded'],
      cells: [
        ['Tune-up', '1', '1', 'Rs. 3,000.00', '—'],
        ['Oil filter', '2', '1.5', 'Rs. 1,650.00', '—'],
      ],
    });
  });
});
