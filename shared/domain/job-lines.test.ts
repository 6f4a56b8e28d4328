import { describe, expect, it } from 'vitest';
import { jobLineTotalCents, jobTotals, type JobLineAmounts } from './job-lines';

describe('jobLineTotalCents', () => {
  it.each([
    // unit price (cents), quantity (hundredths), total (cents)
    [150000, 100, 150000], // Rs. 1,500.00 × 1
    [150000, 250, 375000], // × 2.5
    [33333, 300, 99999], // Rs. 333.33 × 3
    [1999, 1, 20], // Rs. 19.99 × 0.01 = 0.1999 → Rs. 0.20
    [1, 50, 1], // Rs. 0.01 × 0.5 = 0.005 → rounded half up once
    [0, 500, 0],
    [12345, 133, 16419], // Rs. 123.45 × 1.33 = 164.1885 → 164.19
    [1, -50, -1], // a negative half cent rounds away from zero too
    [12345, -133, -16419],
    [0, -500, 0], // never -0
  ])('%i × %i hundredths = %i', (unitPriceCents, quantityHundredths, total) => {
    expect(jobLineTotalCents({ unitPriceCents, quantityHundredths })).toBe(total);
  });
});

describe('jobTotals', () => {
  it('sums services and items apart, each line rounded once', () => {
    const lines: JobLineAmounts[] = [
      { kind: 'service', unitPriceCents: 250000, quantityHundredths: 100 },
      { kind: 'service', unitPriceCents: 33333, quantityHundredths: 300 },
      { kind: 'item', unitPriceCents: 12345, quantityHundredths: 133 },
      { kind: 'item', unitPriceCents: 1, quantityHundredths: 50 },
    ];
    expect(jobTotals(lines)).toEqual({ servicesCents: 349999, itemsCents: 16420, totalCents: 366419 });
  });
  it('is zero without lines', () => expect(jobTotals([])).toEqual({ servicesCents: 0, itemsCents: 0, totalCents: 0 }));
});
