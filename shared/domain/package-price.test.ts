import { describe, expect, it } from 'vitest';
import { sharePackagePrice, type PricedLine } from './package-price';
import { invoiceTotals, type TaxSetting } from './sales';
import { lineTaxCents } from './money';

const line = (unitPriceCents: number, quantityHundredths: number): PricedLine => ({ unitPriceCents, quantityHundredths });
const asSale = (lines: PricedLine[]) => lines.map((l) => ({ ...l, discountPercent: 0 }));
const included: TaxSetting = { taxRatePercent: 18, pricesIncludeTax: true };
const added: TaxSetting = { taxRatePercent: 18, pricesIncludeTax: false };

// Each case: the lines at list price, the package, the unit prices that share it, what is left.
describe('sharePackagePrice', () => {
  it.each([
    [
      'an oil service: labour, 4 litres of oil, a filter, Rs. 10,900 at list → Rs. 9,500',
      [line(250000, 100), line(180000, 400), line(120000, 100)],
      950000,
      [217889, 156881, 104587],
      0,
    ],
    ['a package above the list price shares the extra the same way', [line(100000, 100), line(50000, 200)], 300000, [150000, 75000], 0],
    ['one line takes the whole package', [line(99900, 300)], 150000, [50000], 0],
    ['cents a quantity cannot take go to the line of quantity 1', [line(10000, 300), line(10000, 100)], 10001, [2500, 2501], 0],
    ['list prices of 0 share by quantity', [line(0, 100), line(0, 300)], 40000, [10000, 10000], 0],
    ['a package of 0 prices every line at 0', [line(250000, 100), line(1000, 150)], 0, [0, 0], 0],
    // 1.5 litres three times: whole cents × 1.5 cannot take a last single cent; the screen says so.
    ['cents no quantity takes whole are left, and said', [line(1000, 150), line(1000, 150), line(1000, 150)], 4501, [1001, 1000, 1000], -1],
    ['the largest line of quantity 1 takes the rounding', [line(100, 100), line(90000, 100), line(3333, 300)], 100000, [100, 89910, 3330], 0],
  ] as const)('%s', (_name, lines, packageCents, unitPrices, residual) => {
    const shared = sharePackagePrice([...lines], packageCents);
    expect(shared.lines.map((l) => l.unitPriceCents)).toEqual(unitPrices);
    expect(shared.residualCents).toBe(residual);
    // The invoice's one totals rule gives the package back as the lines' subtotal (less what is said to be left).
    expect(invoiceTotals(asSale(shared.lines), included).subTotalCents).toBe(packageCents - residual);
  });

  it('keeps each line as given but for its price (ids, names, quantities)', () => {
    const lines = [
      { id: 'a', name: 'Labour', unitPriceCents: 200000, quantityHundredths: 100 },
      { id: 'b', name: 'Oil 5W-30', unitPriceCents: 150000, quantityHundredths: 400 },
    ];
    const shared = sharePackagePrice(lines, 700000);
    expect(shared.lines.map(({ id, name, quantityHundredths }) => ({ id, name, quantityHundredths }))).toEqual([
      { id: 'a', name: 'Labour', quantityHundredths: 100 },
      { id: 'b', name: 'Oil 5W-30', quantityHundredths: 400 },
    ]);
    expect(lines[0]!.unitPriceCents).toBe(200000); // the given lines are not changed
  });

  it('leaves tax to the one rule: each line taxed on its share, added or included', () => {
    const shared = sharePackagePrice([line(250000, 100), line(180000, 400), line(120000, 100)], 950000).lines;
    const perLine = shared.reduce((sum, l) => sum + lineTaxCents(l.unitPriceCents * (l.quantityHundredths / 100), 18, false), 0);
    expect(invoiceTotals(asSale(shared), added)).toMatchObject({ subTotalCents: 950000, taxCents: perLine, totalCents: 950000 + perLine });
    expect(invoiceTotals(asSale(shared), included)).toMatchObject({ subTotalCents: 950000, totalCents: 950000 });
  });

  it('a package over no lines is all left over', () => expect(sharePackagePrice([], 5000)).toEqual({ lines: [], residualCents: 5000 }));
});
