import { describe, expect, it } from 'vitest';
import { beyondStaffWindow, refundableByMethod, warrantyRuns, returnableHundredths, returnLineAmounts, returnTotals, settleReturn } from './returns';
import { invoiceTotals, saleLineTaxCents, saleLineTotalCents } from './sales';

describe('returnableHundredths: sold less every return so far', () => {
  it.each([
    // sold, returns so far, still returnable
    [500, [], 500],
    [500, [100], 400],
    [500, [100, 250], 150],
    [500, [500], 0],
    [150, [33, 33, 33], 51],
    [100, [60, 60], 0], // two devices returned 1.2 of 1 offline: nothing left, never negative
  ])('%i sold, %j returned: %i left', (sold, returned, left) => {
    expect(returnableHundredths(sold, returned)).toBe(left);
  });
});

describe('returnLineAmounts: the sale line’s own total and tax, shared by quantity', () => {
  // The spec's terminal sale: Rs. 1,100 a unit, 10 % tax included.
  const terminal = { quantityHundredths: 200, totalCents: 220000, taxCents: 20000 };
  it.each([
    // line, returned before, quantity, total, tax
    [terminal, 0, 100, 110000, 10000],
    [terminal, 100, 100, 110000, 10000],
    [terminal, 0, 200, 220000, 20000],
    // Rs. 19.99 × 1.5 less 12.5 % = 26.24; a third at a time: 8.75, 8.74, 8.75 (cumulative shares 8.75, 17.49, 26.24).
    [{ quantityHundredths: 150, totalCents: 2624, taxCents: 239 }, 0, 50, 875, 80],
    [{ quantityHundredths: 150, totalCents: 2624, taxCents: 239 }, 50, 50, 874, 79],
    [{ quantityHundredths: 150, totalCents: 2624, taxCents: 239 }, 100, 50, 875, 80],
    // Half a cent rounds away from zero: 25 cents for 2 units, one back is 13 (then 12).
    [{ quantityHundredths: 200, totalCents: 25, taxCents: 0 }, 0, 100, 13, 0],
    [{ quantityHundredths: 200, totalCents: 25, taxCents: 0 }, 100, 100, 12, 0],
    // A fully discounted line is worth nothing back.
    [{ quantityHundredths: 100, totalCents: 0, taxCents: 0 }, 0, 100, 0, 0],
    // Beyond what was sold (two devices offline, raised for review): the same price per unit.
    [terminal, 200, 100, 110000, 10000],
  ])('%j, %i back before, %i now: %i cents, tax %i', (line, before, quantity, total, tax) => {
    expect(returnLineAmounts(line, before, quantity)).toEqual({ totalCents: total, taxCents: tax });
  });

  it('returns of a whole line in any split add up to exactly its total and tax', () => {
    const line = { unitPriceCents: 33333, quantityHundredths: 700, discountPercent: 33.33 };
    const tax = { taxRatePercent: 8, pricesIncludeTax: false };
    const sold = { quantityHundredths: 700, totalCents: saleLineTotalCents(line), taxCents: saleLineTaxCents(line, tax) };
    for (const split of [[700], [100, 100, 100, 100, 100, 100, 100], [1, 299, 400], [233, 233, 234], [650, 50]]) {
      let before = 0;
      const parts = split.map((quantity) => {
        const amounts = returnLineAmounts(sold, before, quantity);
        before += quantity;
        return amounts;
      });
      expect(parts.reduce((sum, part) => sum + part.totalCents, 0)).toBe(sold.totalCents);
      expect(parts.reduce((sum, part) => sum + part.taxCents, 0)).toBe(sold.taxCents);
    }
  });
});

describe('returnTotals: as the sale counts them', () => {
  it('a full return of a sale is exactly the sale’s total, with tax included or added', () => {
    const lines = [
      { unitPriceCents: 100000, quantityHundredths: 200, discountPercent: 10 },
      { unitPriceCents: 1999, quantityHundredths: 150, discountPercent: 12.5 },
    ];
    for (const tax of [
      { taxRatePercent: 10, pricesIncludeTax: true },
      { taxRatePercent: 10, pricesIncludeTax: false },
      { taxRatePercent: 0, pricesIncludeTax: true },
    ]) {
      const returned = lines.map((line) =>
        returnLineAmounts({ quantityHundredths: line.quantityHundredths, totalCents: saleLineTotalCents(line), taxCents: saleLineTaxCents(line, tax) }, 0, line.quantityHundredths),
      );
      const sale = invoiceTotals(lines, tax);
      expect(returnTotals(returned, tax.pricesIncludeTax)).toEqual({ subTotalCents: sale.subTotalCents, taxCents: sale.taxCents, totalCents: sale.totalCents });
    }
  });
});

describe('settleReturn: what is owed goes first, the rest is handed back', () => {
  it.each([
    // return worth, owed (total less earlier returns), paid (less refunds), reduced due, refund
    [40000, 140000, 140000, 0, 40000], // paid in full: all of it back
    [40000, 140000, 0, 40000, 0], // on credit, nothing paid: the due falls, nothing back
    [40000, 140000, 120000, 20000, 20000], // Rs. 200 owed: that first, then Rs. 200 back
    [140000, 140000, 50000, 90000, 50000], // a full return of a half-paid sale refunds what was paid
    [40000, 140000, 150000, 0, 40000], // overpaid before: the return is handed back whole
    [0, 140000, 140000, 0, 0],
  ])('worth %i, owed %i, paid %i: due less %i, refund %i', (worth, owedCents, paidCents, reducedDueCents, refundCents) => {
    expect(settleReturn(worth, { owedCents, paidCents })).toEqual({ reducedDueCents, refundCents });
  });
});

describe('refundableByMethod: paid by that method, less its refunds', () => {
  const payments = [
    { method: 'Cash', amountCents: 100000 },
    { method: 'Card', amountCents: 40000 },
    { method: 'Cash', amountCents: -30000 }, // an earlier cash refund
  ];
  it.each([
    ['Cash', 70000],
    ['Card', 40000],
    ['Cheque', 0],
    // Kept as the customer's credit: whatever paid it, all that was paid and not refunded.
    ['Customer Credit', 110000],
  ])('%s: %i', (method, cents) => {
    expect(refundableByMethod(payments, method)).toBe(cents);
  });
  it('never below 0', () => {
    expect(refundableByMethod([{ method: 'Cash', amountCents: -100 }], 'Cash')).toBe(0);
  });
});

describe('beyondStaffWindow: 30 days', () => {
  it.each([
    ['2026-11-01', '2026-11-25', false],
    ['2026-10-26', '2026-11-25', false], // the 30th day
    ['2026-10-25', '2026-11-25', true],
    ['2026-10-26T23:59:00.000Z', '2026-11-25T00:01:00.000Z', false], // whole days, not hours
  ])('sold %s, returned %s: %s', (sale, returned, beyond) => {
    expect(beyondStaffWindow(sale, returned)).toBe(beyond);
  });
});

describe('warrantyRuns: its last day included', () => {
  it.each([
    ['2026-05-31', 6, '2026-11-30', true], // 31 May + 6 months ends 30 November
    ['2026-05-31', 6, '2026-12-01', false],
    ['2026-11-01', 1, '2026-11-25', true],
    ['2026-11-01', 0, '2026-11-02', false], // no warranty
    ['2024-01-31T10:00:00.000Z', 12, '2025-01-31T23:00:00.000Z', true],
  ])('sold %s with %i months, claimed %s: %s', (sale, months, returned, runs) => {
    expect(warrantyRuns(sale, months, returned)).toBe(runs);
  });
});
