import { describe, expect, it } from 'vitest';
import { parseWarrantyMonths } from './warranty';

describe('parseWarrantyMonths', () => {
  it.each([
    ['6 Months', 6],
    ['6 months', 6],
    ['6months', 6],
    ['1 Month', 1],
    ['12 mths', 12],
    ['3 mo', 3],
    ['1 year', 12],
    ['2 Years', 24],
    ['1.5 years', 18],
    ['2 yrs', 24],
    ['90 days', 3],
    ['45 days', 1],
    ['14 days', 0],
    ['8 weeks', 1],
    ['6', 6],
    [' 6 Months warranty ', 6],
    ['', 0],
    ['none', 0],
    ['No warranty', 0],
    ['lifetime', 0],
    ['6 fortnights', 0],
    ['500 years', 120],
    [6, 6],
    [-2, 0],
    [null, 0],
    [undefined, 0],
  ])('%j → %i months', (text, months) => expect(parseWarrantyMonths(text)).toBe(months));
});
