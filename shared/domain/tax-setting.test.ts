import { describe, expect, it } from 'vitest';
import { describeTaxSetting, sameTaxSetting, type TaxSetting } from './tax-setting';

const s = (taxRatePercent: number, pricesIncludeTax: boolean): TaxSetting => ({ taxRatePercent, pricesIncludeTax });

describe('sameTaxSetting', () => {
  it.each([
    [s(10, false), s(10, false), true],
    [s(10, false), s(10, true), false],
    [s(10, true), s(8, true), false],
    [s(0, true), s(0, false), true],
    [s(0, false), s(10, false), false],
    [s(8.5, true), s(8.5, true), true],
    [s(0.1 + 0.2, true), s(0.3, true), true],
  ])('%o and %o: %s', (a, b, same) => {
    expect(sameTaxSetting(a, b)).toBe(same);
    expect(sameTaxSetting(b, a)).toBe(same);
  });
});

describe('describeTaxSetting', () => {
  it.each([
    [s(10, false), '10 % added to prices'],
    [s(8, true), '8 % included in prices'],
    [s(0, false), 'no tax'],
    [s(0, true), 'no tax'],
    [s(12.5, true), '12.5 % included in prices'],
  ])('%o reads %s', (setting, words) => {
    expect(describeTaxSetting(setting)).toBe(words);
  });
});
