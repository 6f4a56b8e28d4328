import { describe, expect, it } from 'vitest';
import { billAgeDays, dueDateFromTerms, lineAmountCents, matchBillLine, payableAgingBucket, payablesAging, supplierStanding } from './payables';

// Issue 44, point 6: a bill matched against its delivery, what each bill still owes, and its aging.

describe('a bill line against its delivery line', () => {
  it.each([
    // [case, quantity (hundredths), billed unit (cents), received unit (cents), amount, received, differs]
    ['the same cost', 500, 120_00, 120_00, 600_00, 600_00, false],
    ['a rupee apart on the line: not shown', 100, 121_00, 120_00, 121_00, 120_00, false],
    ['a rupee and a cent apart: shown', 100, 121_01, 120_00, 121_01, 120_00, true],
    ['20 cents a unit on 10 units: Rs. 2 on the line, shown', 1000, 120_20, 120_00, 1202_00, 1200_00, true],
    ['cheaper on the bill by more than a rupee: shown', 200, 100_00, 120_00, 200_00, 240_00, true],
    ['1.5 litres at Rs. 333.33: half a cent rounds up', 150, 333_33, 333_33, 500_00, 500_00, false],
    ['a part the supplier gave free', 300, 0, 0, 0, 0, false],
  ] as const)('%s', (_case, quantity, billed, received, amount, receivedCents, differs) => {
    expect(matchBillLine(quantity, billed, received)).toEqual({ amountCents: amount, receivedCents, differs });
  });

  it('rounds half away from zero', () => {
    expect(lineAmountCents(50, 1)).toBe(1);
    expect(lineAmountCents(150, 333)).toBe(500);
  });
});

const bill = (id: string, billDate: string, totalCents: number) => ({ id, billNo: id.toUpperCase(), billDate, dueDate: billDate, totalCents });

describe("what a supplier's bills still owe", () => {
  const bills = [bill('b3', '2026-03-01', 30_000), bill('b1', '2026-01-10', 50_000), bill('b2', '2026-02-05', 20_000)];
  const open = (standing: ReturnType<typeof supplierStanding>) => standing.bills.map((b) => [b.id, b.openCents]);

  it.each([
    // [case, payments, credits, open per bill (oldest first), owed, credit]
    [
      'nothing paid',
      [],
      [],
      [
        ['b1', 50_000],
        ['b2', 20_000],
        ['b3', 30_000],
      ],
      100_000,
      0,
    ],
    [
      'a bulk payment settles the oldest first',
      [{ amountCents: 60_000 }],
      [],
      [
        ['b1', 0],
        ['b2', 10_000],
        ['b3', 30_000],
      ],
      40_000,
      0,
    ],
    [
      'a payment against a bill goes to that bill',
      [{ billId: 'b3', amountCents: 30_000 }],
      [],
      [
        ['b1', 50_000],
        ['b2', 20_000],
        ['b3', 0],
      ],
      70_000,
      0,
    ],
    [
      'beyond its bill, the rest to the oldest',
      [{ billId: 'b2', amountCents: 25_000 }],
      [],
      [
        ['b1', 45_000],
        ['b2', 0],
        ['b3', 30_000],
      ],
      75_000,
      0,
    ],
    [
      'a return’s credit settles the oldest',
      [],
      [5_000],
      [
        ['b1', 45_000],
        ['b2', 20_000],
        ['b3', 30_000],
      ],
      95_000,
      0,
    ],
    [
      'paid beyond every bill: the supplier holds credit',
      [{ amountCents: 90_000 }, { amountCents: 20_000 }],
      [1_000],
      [
        ['b1', 0],
        ['b2', 0],
        ['b3', 0],
      ],
      0,
      11_000,
    ],
    [
      'two devices paid the same bill offline: the second settles the next',
      [
        { billId: 'b1', amountCents: 50_000 },
        { billId: 'b1', amountCents: 50_000 },
      ],
      [],
      [
        ['b1', 0],
        ['b2', 0],
        ['b3', 0],
      ],
      0,
      0,
    ],
    [
      'a payment naming a bill not on record settles the oldest',
      [{ billId: 'gone', amountCents: 10_000 }],
      [],
      [
        ['b1', 40_000],
        ['b2', 20_000],
        ['b3', 30_000],
      ],
      90_000,
      0,
    ],
  ] as const)('%s', (_case, payments, credits, expected, owed, credit) => {
    const standing = supplierStanding(bills, payments, credits);
    expect(open(standing)).toEqual(expected);
    expect(standing.owedCents).toBe(owed);
    expect(standing.creditCents).toBe(credit);
  });

  it('gives the same whatever order the payments arrive in', () => {
    const payments = [{ billId: 'b2', amountCents: 25_000 }, { amountCents: 30_000 }, { billId: 'b1', amountCents: 5_000 }];
    const once = supplierStanding(bills, payments, [2_000]);
    const reversed = supplierStanding([...bills].reverse(), [...payments].reverse(), [2_000]);
    expect(open(reversed)).toEqual(open(once));
    expect(once.owedCents).toBe(100_000 - 62_000);
  });
});

describe('aging of what is owed, from the bill date', () => {
  it.each([
    ['2026-12-07', 0, '0–30 days'],
    ['2026-11-07', 30, '0–30 days'],
    ['2026-11-06', 31, '31–60 days'],
    ['2026-10-08', 60, '31–60 days'],
    ['2026-10-07', 61, '61–90 days'],
    ['2026-09-08', 90, '61–90 days'],
    ['2026-09-07', 91, 'Over 90 days'],
    ['2026-12-20', 0, '0–30 days'], // dated ahead
  ] as const)('a bill of %s is %i days old: %s', (billDate, days, bucket) => {
    expect(billAgeDays(billDate, '2026-12-07')).toBe(days);
    expect(payableAgingBucket(days)).toBe(bucket);
  });

  it('sums what is still open by bucket', () => {
    const summary = payablesAging(
      [
        { billDate: '2026-12-01', openCents: 1_000 },
        { billDate: '2026-11-20', openCents: 2_000 },
        { billDate: '2026-10-01', openCents: 3_000 },
        { billDate: '2026-01-01', openCents: 4_000 },
        { billDate: '2025-01-01', openCents: 0 },
      ],
      '2026-12-07',
    );
    expect(summary).toEqual({ '0–30 days': 3_000, '31–60 days': 0, '61–90 days': 3_000, 'Over 90 days': 4_000 });
  });

  it('gives a due date from the payment terms', () => {
    expect(dueDateFromTerms('2026-12-07', 30)).toBe('2027-01-06');
    expect(dueDateFromTerms('2026-02-27', 2)).toBe('2026-03-01');
    expect(dueDateFromTerms('2026-12-07', 0)).toBe('2026-12-07');
  });
});
