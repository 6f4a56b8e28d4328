import { describe, expect, it } from 'vitest';
import { agingBucket, agingSummary, allocatePayment, daysPastDue } from './allocation';

const inv = (invoiceNo: string, date: string, dueCents: number) => ({ invoiceId: invoiceNo.toLowerCase(), invoiceNo, date, dueCents });

describe('allocatePayment: oldest first, min(due, remaining), zero allocations left out', () => {
  const open = [inv('INV-3', '2026-03-01', 30000), inv('INV-1', '2026-01-10', 50000), inv('INV-2', '2026-02-05', 20000), inv('INV-0', '2025-12-01', 0)];
  it.each([
    // amount, expected allocations [invoiceNo, cents], remainder
    [
      100000,
      [
        ['INV-1', 50000],
        ['INV-2', 20000],
        ['INV-3', 30000],
      ],
      0,
    ],
    [
      60000,
      [
        ['INV-1', 50000],
        ['INV-2', 10000],
      ],
      0,
    ],
    [50000, [['INV-1', 50000]], 0],
    [
      120000,
      [
        ['INV-1', 50000],
        ['INV-2', 20000],
        ['INV-3', 30000],
      ],
      20000,
    ], // the remainder is shown
    [1, [['INV-1', 1]], 0],
    [0, [], 0],
    [-500, [], 0],
  ])('Rs. %i cents over four invoices', (amount, expected, remainder) => {
    const plan = allocatePayment(open, amount as number);
    expect(plan.allocations.map((a) => [a.invoiceNo, a.amountCents])).toEqual(expected);
    expect(plan.remainderCents).toBe(remainder);
    expect(plan.appliedCents).toBe((expected as [string, number][]).reduce((sum, [, cents]) => sum + cents, 0));
  });
  it('an invoice already overpaid (a negative due) gets nothing', () => {
    expect(allocatePayment([inv('INV-9', '2026-01-01', -500), inv('INV-8', '2026-02-01', 1000)], 1000).allocations.map((a) => a.invoiceNo)).toEqual(['INV-8']);
  });
  it('same date: by invoice number', () => {
    expect(allocatePayment([inv('INV-B', '2026-01-01', 100), inv('INV-A', '2026-01-01', 100)], 150).allocations.map((a) => [a.invoiceNo, a.amountCents])).toEqual([
      ['INV-A', 100],
      ['INV-B', 50],
    ]);
  });
});

describe('aging: days past the due date (invoice date + 14)', () => {
  it.each([
    ['2026-11-23', '2026-11-23', -14, 'Current'],
    ['2026-11-09', '2026-11-23', 0, 'Current'],
    ['2026-11-08', '2026-11-23', 1, '1–30 days'],
    ['2026-10-10', '2026-11-23', 30, '1–30 days'],
    ['2026-10-09', '2026-11-23', 31, '31–60 days'],
    ['2026-08-11', '2026-11-23', 90, '61–90 days'],
    ['2026-08-10', '2026-11-23', 91, 'Over 90 days'],
  ])('invoiced %s, on %s: %i days past due, %s', (date, today, days, bucket) => {
    expect(daysPastDue(date, today)).toBe(days);
    expect(agingBucket(days)).toBe(bucket);
  });
  it('sums the dues by bucket', () => {
    expect(
      agingSummary(
        [
          { day: '2026-11-20', dueCents: 1000 },
          { day: '2026-10-01', dueCents: 2000 },
          { day: '2026-10-02', dueCents: 500 },
          { day: '2026-01-01', dueCents: 700 },
        ],
        '2026-11-23',
      ),
    ).toEqual({ Current: 1000, '1–30 days': 0, '31–60 days': 2500, '61–90 days': 0, 'Over 90 days': 700 });
  });
  // The device counts from the day the invoice was made THERE (as the printed due date does), never
  // the UTC day of the stored moment: in Colombo (UTC+5:30) a day starts at 18:30Z the day before.
  const colomboDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Colombo' }).format(new Date(iso));
  it.each([
    // stored moment, local time, today, days past due, bucket
    ['2026-11-08T18:40:00.000Z', '00:10 on 9 Nov', '2026-11-23', 0, 'Current'],
    ['2026-11-08T18:29:00.000Z', '23:59 on 8 Nov', '2026-11-23', 1, '1–30 days'],
    ['2026-10-09T18:31:00.000Z', '00:01 on 10 Oct', '2026-11-23', 30, '1–30 days'],
    ['2026-08-10T18:30:00.000Z', '00:00 on 11 Aug', '2026-11-23', 90, '61–90 days'],
  ])('made at %s (%s), on %s: %i days past due, %s', (moment, _local, today, days, bucket) => {
    expect(daysPastDue(colomboDay(moment), today)).toBe(days);
    expect(agingBucket(days)).toBe(bucket);
  });
  it('an invoice made just after local midnight ages from its local day, not the UTC day before', () => {
    expect(colomboDay('2026-11-08T18:40:00.000Z')).toBe('2026-11-09');
    expect(daysPastDue(colomboDay('2026-11-08T18:40:00.000Z'), '2026-11-23')).toBe(daysPastDue('2026-11-08T18:40:00.000Z', '2026-11-23') - 1);
    const invoices = [
      { day: colomboDay('2026-10-09T18:31:00.000Z'), dueCents: 1000 }, // 10 Oct here: 30 days
      { day: colomboDay('2026-10-09T18:29:00.000Z'), dueCents: 200 }, // still 9 Oct here: 31 days
    ];
    expect(agingSummary(invoices, '2026-11-23')).toEqual({ Current: 0, '1–30 days': 1000, '31–60 days': 200, '61–90 days': 0, 'Over 90 days': 0 });
  });
});
