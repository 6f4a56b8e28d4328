import { describe, expect, it } from 'vitest';
import { priceCannedJob, type CannedLineRef, type CatalogueEntry } from './canned-jobs';
import { invoiceTotals } from './sales';

const catalogue: Record<string, CatalogueEntry> = {
  labour: { name: 'Oil change labour', priceCents: 250000 },
  oil: { name: 'Engine oil 5W-30 (1 L)', priceCents: 180000, warrantyMonths: 0 },
  filter: { name: 'Oil filter', priceCents: 120000, warrantyMonths: 6 },
};
const lookup = (line: CannedLineRef) => catalogue[line.refId];
const oilService: CannedLineRef[] = [
  { kind: 'service', refId: 'labour', name: 'Oil change labour', quantity: 1 },
  { kind: 'item', refId: 'oil', name: 'Engine oil', quantity: 4 },
  { kind: 'item', refId: 'filter', name: 'Oil filter', quantity: 1 },
];

describe('priceCannedJob', () => {
  it('copies the catalogue prices, names and part warranties of the moment', () => {
    expect(priceCannedJob(oilService, null, lookup)).toEqual({
      lines: [
        { kind: 'service', refId: 'labour', name: 'Oil change labour', quantityHundredths: 100, unitPriceCents: 250000, warranty: '' },
        { kind: 'item', refId: 'oil', name: 'Engine oil 5W-30 (1 L)', quantityHundredths: 400, unitPriceCents: 180000, warranty: '' },
        { kind: 'item', refId: 'filter', name: 'Oil filter', quantityHundredths: 100, unitPriceCents: 120000, warranty: '6 Months' },
      ],
      residualCents: 0,
      missing: [],
    });
  });

  it('shares a package price so that the invoice comes to it', () => {
    const { lines, residualCents } = priceCannedJob(oilService, 950000, lookup);
    expect(residualCents).toBe(0);
    const totals = invoiceTotals(
      lines.map((line) => ({ ...line, discountPercent: 0 })),
      { taxRatePercent: 0, pricesIncludeTax: true },
    );
    expect(totals.totalCents).toBe(950000);
  });

  it('leaves out a line whose service or part was deleted, says so, and keeps list prices', () => {
    const withGone = [...oilService, { kind: 'item' as const, refId: 'gone', name: 'Sump washer', quantity: 1 }];
    const priced = priceCannedJob(withGone, 950000, lookup);
    expect(priced.missing).toEqual(['Sump washer']);
    expect(priced.lines.map((line) => line.unitPriceCents)).toEqual([250000, 180000, 120000]);
  });
});
