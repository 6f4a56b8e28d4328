import { describe, expect, it } from 'vitest';
import { changeCents, dueCents, invoiceDueDate, invoiceStatus, invoiceTotals, paymentStanding, saleLineTaxCents, saleLineTotalCents, warrantyExpiry } from './sales';

describe('saleLineTotalCents: price × qty − discount, rounded to cents once', () => {
  it.each([
    // unit price (cents), qty (hundredths), discount %, total (cents)
    [100000, 100, 0, 100000],
    [100000, 200, 10, 180000],
    [99900, 33, 0, 32967], // Rs. 999 × 0.33 = 329.67
    [33333, 300, 33.33, 66669], // 999.99 less 33.33 % = 666.6933 → 666.69
    [1000, 100, 150, 0], // clamped to 100 %
    [1000, 100, -5, 1000], // clamped to 0 %
    [1999, 150, 12.5, 2624], // 29.985 × 0.875 = 26.236875 → 26.24
    [1999, -150, 12.5, -2624], // a returned line: the sale's total negated
    [25, -50, 0, -13], // -12.5 rounds half away from zero, to -13 (not -12)
    [1000, -100, 100, 0], // fully discounted return: 0, not -0
  ])('%i × %i hundredths less %d %% = %i', (unitPriceCents, quantityHundredths, discountPercent, total) => {
    expect(saleLineTotalCents({ unitPriceCents, quantityHundredths, discountPercent })).toBe(total);
  });
});

describe('saleLineTaxCents: from the company setting', () => {
  it.each([
    // line total via price, rate, prices include tax, tax
    [110000, 10, true, 10000], // the spec's terminal: 1,100 / 1.1 × 0.1 = 100
    [100000, 10, true, 9091], // 1,000 / 1.1 × 0.1 = 90.909 → 90.91
    [100000, 10, false, 10000],
    [100000, 0, true, 0], // the spec's job-card register: 0 %
    [123456, 8, true, 9145], // 1,234.56 × 8 / 108 = 91.4489 → 91.45
    [-100000, 10, true, -9091], // a returned line carries the sale's tax negated
    [-123456, 8, true, -9145],
    [-5, 10, false, -1], // -0.5 rounds half away from zero (not -0)
  ])('a line of %i cents at %d %% (inclusive %s) carries %i cents of tax', (unitPriceCents, taxRatePercent, pricesIncludeTax, tax) => {
    expect(saleLineTaxCents({ unitPriceCents, quantityHundredths: 100, discountPercent: 0 }, { taxRatePercent, pricesIncludeTax })).toBe(tax);
  });
});

describe('invoiceTotals', () => {
  const lines = [
    { unitPriceCents: 100000, quantityHundredths: 200, discountPercent: 10 }, // 2,000 less 10 % = 1,800
    { unitPriceCents: 250000, quantityHundredths: 100, discountPercent: 0 }, // 2,500
    { unitPriceCents: 1999, quantityHundredths: 150, discountPercent: 12.5 }, // 26.24
  ];
  it('prices including tax: the total is the sub total, the tax inside it, the discount the real one', () => {
    expect(invoiceTotals(lines, { taxRatePercent: 10, pricesIncludeTax: true })).toEqual({
      grossCents: 452999, // 2,000 + 2,500 + 29.99 (29.985 rounded)
      discountCents: 452999 - 432624,
      subTotalCents: 432624,
      taxCents: 16364 + 22727 + 239, // per line: 1,800/1.1×0.1 = 163.64; 227.27; 2.39
      totalCents: 432624,
    });
  });
  it('prices without tax: the tax is added', () => {
    const totals = invoiceTotals(lines, { taxRatePercent: 10, pricesIncludeTax: false });
    expect(totals.taxCents).toBe(18000 + 25000 + 262);
    expect(totals.totalCents).toBe(432624 + 43262);
  });
  it('is zero without lines', () => {
    expect(invoiceTotals([], { taxRatePercent: 10, pricesIncludeTax: true })).toEqual({ grossCents: 0, discountCents: 0, subTotalCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe('due, change and status', () => {
  it.each([
    // total, paid, due, change, status
    [10000, 10000, 0, 0, 'Paid'],
    [10000, 4000, 6000, 0, 'Due'],
    [10000, 15000, 0, 5000, 'Paid'],
    [10000, 0, 10000, 0, 'Due'],
    [0, 0, 0, 0, 'Paid'],
  ])('total %i, paid %i: due %i, change %i, %s', (total, paid, due, change, status) => {
    expect(dueCents(total, paid)).toBe(due);
    expect(changeCents(total, paid)).toBe(change);
    expect(invoiceStatus(total, paid)).toBe(status);
    expect(paymentStanding(total, [paid])).toEqual({ paidCents: paid, dueCents: due, changeCents: change, status });
  });
  it('sums every payment, a negative correction included', () => {
    expect(paymentStanding(10000, [4000, 7000, -1000])).toEqual({ paidCents: 10000, dueCents: 0, changeCents: 0, status: 'Paid' });
  });
});

describe('invoiceDueDate: the invoice date plus 14 days', () => {
  it.each([
    ['2026-11-23T08:30:00.000Z', '2026-12-07'],
    ['2026-12-25', '2027-01-08'],
    ['2028-02-20T23:59:00.000Z', '2028-03-05'], // across a leap day
  ])('%s → %s', (date, due) => expect(invoiceDueDate(date)).toBe(due));
});

describe('warrantyExpiry: the invoice date plus months, clamped to month end', () => {
  it.each([
    ['2026-01-15', 6, '2026-07-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'], // leap year
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-11-23T10:00:00.000Z', 12, '2027-11-23'],
    ['2026-10-31', 24, '2028-10-31'],
    ['2026-05-10', 0, '2026-05-10'],
  ])('%s + %i months → %s', (date, months, expiry) => expect(warrantyExpiry(date, months)).toBe(expiry));
});
