import { describe, expect, it } from 'vitest';
import { stockValueCents, stockValueReport, stockValueTable, type StockValueItem } from './stock-value';

describe('stockValueCents: stock in hundredths × cost, to the cent', () => {
  it.each<[string, number, number, number]>([
    ['whole units', 600, 9_250, 55_500],
    ['nothing in stock', 0, 9_250, 0],
    ['no cost', 600, 0, 0],
    ['a part unit, exact', 250, 1_000, 2_500],
    ['a part unit, half a cent rounds up', 250, 99, 248],
    ['a part unit, under half a cent rounds down', 133, 1, 1],
    ['a hundredth of a unit at Rs. 0.49', 1, 49, 0],
    ['a hundredth of a unit at Rs. 0.50', 1, 50, 1],
    ['large: 12,345.67 units at Rs. 98,765.43', 1_234_567, 9_876_543, 121_932_540_619],
  ])('%s', (_, stockHundredths, costCents, expected) => {
    expect(stockValueCents(stockHundredths, costCents)).toBe(expected);
  });
});

const item = (id: string, stockHundredths: number, costPriceCents: number | undefined, itemName = id): StockValueItem => ({
  id,
  itemName,
  barcode: `B-${id}`,
  categoryName: id === 'c' ? null : 'Filters',
  stockHundredths,
  ...(costPriceCents !== undefined ? { costPriceCents } : {}),
});

describe('stockValueReport: the items with stock, largest value first, and the total', () => {
  it.each<[string, StockValueItem[], { ids: string[]; values: number[]; total: number }]>([
    ['no items', [], { ids: [], values: [], total: 0 }],
    ['no stock and negative stock hold no value and are left out', [item('a', 0, 100), item('b', -200, 100)], { ids: [], values: [], total: 0 }],
    ['by value, largest first', [item('a', 100, 100), item('b', 1_000, 50), item('c', 200, 1_000)], { ids: ['c', 'b', 'a'], values: [2_000, 500, 100], total: 2_600 }],
    ['equal values by name', [item('z', 100, 100, 'Wiper'), item('y', 200, 50, 'Bulb')], { ids: ['y', 'z'], values: [100, 100], total: 200 }],
    ['an item without a cost is listed at nothing', [item('a', 300, undefined)], { ids: ['a'], values: [0], total: 0 }],
    ['the total is the sum of the rounded lines', [item('a', 250, 99), item('b', 250, 99)], { ids: ['a', 'b'], values: [248, 248], total: 496 }],
  ])('%s', (_, items, expected) => {
    const report = stockValueReport(items);
    expect(report.lines.map((line) => line.id)).toEqual(expected.ids);
    expect(report.lines.map((line) => line.valueCents)).toEqual(expected.values);
    expect(report.totals).toEqual({ items: expected.ids.length, valueCents: expected.total });
  });

  it('prints every line, then the total', () => {
    expect(stockValueTable(stockValueReport([item('a', 600, 9_250, 'Oil Filter'), item('c', 250, 99, 'Wiper Blade')]))).toEqual({
      columns: ['Item Name', 'Barcode', 'Category', 'Stock', 'Average Cost', 'Value'],
      cells: [
        ['Oil Filter', 'B-a', 'Filters', '6', 'Rs. 92.50', 'Rs. 555.00'],
        ['Wiper Blade', 'B-c', 'N/A', '2.5', 'Rs. 0.99', 'Rs. 2.48'],
        ['Total', '', '', '', '', 'Rs. 557.48'],
      ],
    });
  });
});
