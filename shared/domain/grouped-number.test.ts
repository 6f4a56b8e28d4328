import { describe, expect, it } from 'vitest';
import { groupedWhole } from './grouped-number';

describe('groupedWhole: thousands grouped as en-US writes them', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '100,000'],
    [1000000, '1,000,000'],
    [100000000, '100,000,000'],
    [-1234, '-1,234'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('%d → %s', (value, text) => {
    expect(groupedWhole(value)).toBe(text);
    expect(groupedWhole(value)).toBe(value.toLocaleString('en-US'));
  });

  it('leaves what is not a safe whole number as JavaScript writes it', () => {
    expect(groupedWhole(1.5)).toBe('1.5');
    expect(groupedWhole(Number.NaN)).toBe('NaN');
  });
});
