import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, fromCents, lineTaxCents, lineTotalCents, toCents } from './money';

describe('toCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [12.5, 1250],
    [1.005, 101], // binary noise must not round down
    [0.1 + 0.2, 30],
    [1234.56, 123456],
    [-2.5, -250],
    [19.999, 2000],
    [-1.005, -101], // binary noise must not round up either
    [-0.001, 0], // not -0
  ])('%d rupees is %d cents', (rupees, cents) => expect(toCents(rupees)).toBe(cents));

  it('refuses what is not a number', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Infinity)).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it.each([
    [0, 0],
    [123456, 1234.56],
    [5, 0.05],
    [-250, -2.5],
  ])('%d cents is %d rupees', (cents, rupees) => expect(fromCents(cents)).toBe(rupees));
});

describe('formatMoney: the one money format', () => {
  it.each([
    [0, 'Rs. 0.00'],
    [5, 'Rs. 0.05'],
    [123450, 'Rs. 1,234.50'],
    [100000000, 'Rs. 1,000,000.00'],
    [-1200, '-Rs. 12.00'],
  ])('%d cents shows as %s', (cents, text) => expect(formatMoney(cents)).toBe(text));

  it('formatAmount has no prefix, for fields labelled in LKR', () => expect(formatAmount(123450)).toBe('1,234.50'));

  it("agrees with Intl's en-US format, which it replaced, for whole cents of every size and sign", () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const samples = [1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456789, 999999999999, 100000000000000];
    let seed = 20261202; // the same amounts every run, so a failure can be seen again
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(next() * 10 ** (1 + (i % 14))));
    for (const cents of samples.flatMap((each) => (each === 0 ? [0] : [each, -each]))) {
      expect(formatAmount(cents)).toBe(intl.format(cents / 100));
      expect(formatMoney(cents)).toBe(`${cents < 0 ? '-' : ''}Rs. ${intl.format(Math.abs(cents) / 100)}`);
    }
  });
});

describe('lineTotalCents: price × quantity less discount, rounded once', () => {
  it.each([
    [1000, 1, 0, 1000],
    [1000, 2.5, 0, 2500],
    [999, 0.33, 0, 330], // 329.67 rounds to 330
    [1000, 3, 10, 2700],
    [1000, 1, 150, 0], // discount clamped to 100
    [1000, 1, -5, 1000], // and to 0
    [333, 3, 33.33, 666], // 998.9 × 0.6667 = 666.0 after one rounding
    [25, 0.5, 0, 13], // 12.5 rounds half away from zero
    [25, -0.5, 0, -13], // and a returned half unit mirrors it (not -12)
    [-25, 0.5, 0, -13],
    [999, -0.33, 0, -330],
    [1000, -3, 10, -2700],
    [333, -3, 33.33, -666],
    [1000, 0, 0, 0], // never -0
    [1000, -1, 100, 0], // fully discounted return: 0, not -0
  ])('%d cents × %d less %d%% = %d cents', (price, qty, discount, total) => expect(lineTotalCents(price, qty, discount)).toBe(total));
});

describe('lineTaxCents (decisions.md, Tax)', () => {
  it.each([
    [11000, 10, true, 1000], // the spec's 10 % case: total / 1.1 × 0.1
    [10000, 10, false, 1000],
    [10000, 0, true, 0],
    [999, 15, true, 130], // 999 × 15 / 115 = 130.3
    [12345, 8, false, 988], // 987.6
    [-11000, 10, true, -1000], // a returned line carries the sale's tax negated
    [-999, 15, true, -130],
    [-12345, 8, false, -988],
    [5, 10, false, 1], // 0.5 rounds half away from zero
    [-5, 10, false, -1], // and so does -0.5 (not -0)
    [-4, 10, false, 0], // -0.4 is 0, not -0
    [-10000, 0, true, 0],
  ])('%d cents at %d%% (inclusive %s) carries %d cents of tax', (total, rate, inclusive, tax) => expect(lineTaxCents(total, rate, inclusive)).toBe(tax));
});
