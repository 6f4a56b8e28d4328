import { describe, expect, it } from 'vitest';
import { reorderPlan, suggestedQuantityHundredths, type ReorderItem } from './reorder-suggestion';

const item = (id: string, stock: number, reorderLevel: number, supplierId: string | null = 'S1', costs: Partial<ReorderItem> = {}): ReorderItem => ({
  id,
  stockHundredths: stock * 100,
  reorderLevel,
  supplierId,
  ...costs,
});

describe('the suggested quantity: up to twice the reorder level, less what is on order', () => {
  it.each([
    ['2 of a level of 3', item('a', 2, 3), 0, 400],
    ['none left, level 5', item('a', 0, 5), 0, 1000],
    ['3 below zero, level 2', item('a', -3, 2), 0, 700],
    ['below zero with no level: back to zero', item('a', -2, 0), 0, 200],
    ['2.5 litres of a level of 4: whole units', item('a', 2.5, 4), 0, 600],
    ['4 already on order of the 4 short', item('a', 2, 3), 400, 0],
    ['3 on order of the 4 short: one more', item('a', 2, 3), 300, 100],
    ['half a unit short: one', item('a', 5.5, 3), 0, 100],
  ])('%s', (_name, given, onOrder, quantity) => expect(suggestedQuantityHundredths(given, onOrder)).toBe(quantity));
});

describe('the drafts', () => {
  it('are one per usual supplier, leaving out items with none, with a deleted one, or covered by open orders', () => {
    const items = [
      item('filter', 1, 3, 'S1', { lastCostCents: 85000, costPriceCents: 90000 }),
      item('pads', 0, 2, 'S2', { costPriceCents: 120000 }),
      item('bulb', 1, 4, 'S1'),
      item('wiper', 0, 2, null),
      item('belt', 0, 2, 'GONE'),
      item('plug', 1, 2, 'S2'),
      item('oil', 9, 2, 'S1'),
    ];
    const plan = reorderPlan(items, new Map([['plug', 300]]), new Set(['S1', 'S2']));
    expect(plan).toEqual({
      drafts: [
        {
          supplierId: 'S1',
          lines: [
            { itemId: 'filter', quantityHundredths: 500, unitCostCents: 85000 },
            { itemId: 'bulb', quantityHundredths: 700, unitCostCents: 0 },
          ],
        },
        { supplierId: 'S2', lines: [{ itemId: 'pads', quantityHundredths: 400, unitCostCents: 120000 }] },
      ],
      withoutSupplier: 2,
      alreadyOnOrder: 1,
    });
  });
});
