import { describe, expect, it } from 'vitest';
import { byJobLineOrder, jobLineTotalCents, jobTotals, type JobLineAmounts } from './job-lines';

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

describe('byJobLineOrder', () => {
  const at = (minute: number) => `2026-11-25T09:${String(minute).padStart(2, '0')}:00.000Z`;
  it.each([
    [
      'a service before a part, whichever came first',
      [
        ['p1', 'item', 'Oil filter', at(1)],
        ['s1', 'service', 'Wheel alignment', at(5)],
      ],
      ['s1', 'p1'],
    ],
    [
      'services in the order added',
      [
        ['s2', 'service', 'A later service', at(7)],
        ['s1', 'service', 'Z first service', at(2)],
      ],
      ['s1', 's2'],
    ],
    [
      'parts in the order added',
      [
        ['p2', 'item', 'Brake pads', at(9)],
        ['p1', 'item', 'Spark plug', at(3)],
      ],
      ['p1', 'p2'],
    ],
    [
      'lines saved together go by name, not by id',
      [
        ['a', 'item', 'Spark plug', at(3)],
        ['z', 'item', 'Brake fluid', at(3)],
      ],
      ['z', 'a'],
    ],
    [
      'same name and time: by id',
      [
        ['b', 'item', 'Bulb', at(3)],
        ['a', 'item', 'Bulb', at(3)],
      ],
      ['a', 'b'],
    ],
    [
      'a whole job',
      [
        ['p1', 'item', 'Castrol GTX', at(1)],
        ['s2', 'service', 'Full service', at(1)],
        ['s1', 'service', 'AC gas refill', at(1)],
        ['p2', 'item', 'Brake fluid', at(1)],
        ['s3', 'service', 'Wash', at(0)],
      ],
      ['s3', 's1', 's2', 'p2', 'p1'],
    ],
  ] as const)('%s', (_case, lines, expected) => {
    const rows = lines.map(([id, kind, name, createdAt]) => ({ id, kind, name, createdAt }));
    expect([...rows].sort(byJobLineOrder).map((line) => line.id)).toEqual(expected);
    expect(
      [...rows]
        .reverse()
        .sort(byJobLineOrder)
        .map((line) => line.id),
    ).toEqual(expected);
  });
});
