import { describe, expect, it } from 'vitest';
import { planServices } from './plan-services';
import type { FileRow } from './plan-types';

type Cells = Record<string, unknown>;
const rows = (...cells: Cells[]): FileRow[] => cells.map((c, i) => ({ row: i + 2, cells: c }));
let serial = 0;
const plan = (file: FileRow[], shop: { id: string; name: string; priceCents: number }[] = []) => {
  serial = 0;
  return planServices(file, shop, () => `new-${++serial}`);
};

describe('planServices: a service by its name', () => {
  it('makes each new service once; the same row twice is one service', () => {
    const result = plan(rows({ name: 'Oil Change', price: 2500 }, { name: 'Wheel Alignment', price: 1800.5 }, { name: 'oil change', price: 2500 }));
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([
      { op: 'create', table: 'services', id: 'new-1', name: 'createService', args: { id: 'new-1', name: 'Oil Change', price: 2500 }, rows: [2, 4] },
      { op: 'create', table: 'services', id: 'new-2', name: 'createService', args: { id: 'new-2', name: 'Wheel Alignment', price: 1800.5 }, rows: [3] },
    ]);
    expect(result.tallies).toEqual({ services: { new: 2, update: 0, unchanged: 0 } });
    expect(result.totals).toEqual({ services: 2 });
  });

  it.each<[string, Cells[], { row: number; column?: string; message: string }[]]>([
    ['a blank name', [{ name: '', price: 100 }], [{ row: 2, column: 'Service Name', message: 'Service name is required.' }]],
    ['a price that is no number', [{ name: 'Tune Up', price: 'call us' }], [{ row: 2, column: 'Price', message: expect.stringMatching(/price/i) as unknown as string }]],
    [
      'one service with two prices',
      [
        { name: 'Tune Up', price: 100 },
        { name: 'TUNE UP', price: 150 },
      ],
      [{ row: 3, column: 'Price', message: 'Service Tune Up has the price Rs. 100.00 on row 2 and Rs. 150.00 here: write it the same way on each row.' }],
    ],
  ])('refuses %s', (_case, file, problems) => expect(plan(rows(...file)).problems).toEqual(problems));

  it("updates the shop's service of that name when its price differs, and leaves it alone when not", () => {
    const shop = [
      { id: 's1', name: 'Oil Change', priceCents: 250000 },
      { id: 's2', name: 'Tune Up', priceCents: 10000 },
    ];
    const result = plan(rows({ name: 'oil change', price: 2600 }, { name: 'Tune Up', price: 100 }), shop);
    expect(result.steps).toEqual([{ op: 'update', table: 'services', id: 's1', name: 'updateService', record: { price: 2600 }, rows: [2] }]);
    expect(result.tallies.services).toEqual({ new: 0, update: 1, unchanged: 1 });
  });
});
