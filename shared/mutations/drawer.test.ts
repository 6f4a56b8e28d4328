import { describe, expect, it } from 'vitest';
import { closedSinceOf, payOutsBeyondCash, takenWhileClosed, zReportOf, type DrawerRecords } from './drawer';

// Issue 42, point 8: which pay-outs took more than the drawer held at their time, from the records.
describe('payOutsBeyondCash', () => {
  const session = { id: 's1', register: 'DA001', floatCents: 100_000, createdAt: '2026-12-01T08:00:00.000Z' };
  const at = (hour: number) => `2026-12-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const sale = (hour: number, amountCents: number, method = 'Cash') => ({ method, amountCents, createdAt: at(hour), invoiceId: `i${hour}`, register: 'DA001' });
  const move = (id: string, kind: 'payIn' | 'payOut', hour: number, amountCents: number, sessionId = 's1') => ({ id, kind, amountCents, sessionId, createdAt: at(hour) });
  const records = (payments: ReturnType<typeof sale>[], moves: ReturnType<typeof move>[]): DrawerRecords => ({
    closedSince: null,
    payments,
    invoiceTimes: new Map(payments.map((payment) => [payment.invoiceId, payment.createdAt])),
    expenses: [],
    moves,
  });
  it.each([
    { name: 'within the float', records: records([], [move('m1', 'payOut', 9, 100_000)]), until: at(20), beyond: [] },
    { name: 'beyond the float', records: records([], [move('m1', 'payOut', 9, 100_001)]), until: at(20), beyond: [{ amountCents: 100_001, heldCents: 100_000 }] },
    { name: 'a sale before it pays for it', records: records([sale(9, 50_000)], [move('m1', 'payOut', 10, 150_000)]), until: at(20), beyond: [] },
    {
      name: 'a sale after it does not',
      records: records([sale(11, 50_000)], [move('m1', 'payOut', 10, 150_000)]),
      until: at(20),
      beyond: [{ amountCents: 150_000, heldCents: 100_000 }],
    },
    {
      name: 'a card sale puts no cash in',
      records: records([sale(9, 50_000, 'Card')], [move('m1', 'payOut', 10, 150_000)]),
      until: at(20),
      beyond: [{ amountCents: 150_000, heldCents: 100_000 }],
    },
    {
      name: 'an earlier pay-out leaves less',
      records: records([], [move('m1', 'payOut', 9, 60_000), move('m2', 'payOut', 10, 60_000)]),
      until: at(20),
      beyond: [{ amountCents: 60_000, heldCents: 40_000 }],
    },
    { name: 'a pay-in before it pays for it', records: records([], [move('m1', 'payIn', 9, 60_000), move('m2', 'payOut', 10, 150_000)]), until: at(20), beyond: [] },
    { name: "after the close: not the session's", records: records([], [move('m1', 'payOut', 21, 900_000)]), until: at(20), beyond: [] },
    { name: "another session's pay-out", records: records([], [move('m1', 'payOut', 9, 900_000, 's2')]), until: at(20), beyond: [] },
  ])('$name', ({ records: held, until, beyond }) => {
    expect(payOutsBeyondCash(session, held, until)).toEqual(beyond);
  });
});

// Issue 47: cash a register takes while its drawer is closed is counted by the session it opens next.
describe('closedSinceOf: since when a session counts the cash taken while closed', () => {
  const opening = { createdAt: '2026-12-02T08:00:00.000Z' };
  it.each([
    { name: "a register's first session counts everything before it", previous: undefined, since: '' },
    { name: 'from the previous close', previous: { status: 'closed' as const, closedAt: '2026-12-01T18:00:00.000Z' }, since: '2026-12-01T18:00:00.000Z' },
    { name: 'none when the previous session was still open (opened twice)', previous: { status: 'open' as const, closedAt: null }, since: null },
    { name: 'none when the previous session closed after this opening', previous: { status: 'closed' as const, closedAt: '2026-12-02T09:00:00.000Z' }, since: null },
    { name: 'none when it closed at the very opening', previous: { status: 'closed' as const, closedAt: opening.createdAt }, since: null },
  ])('$name', ({ previous, since }) => {
    expect(closedSinceOf(previous, opening)).toBe(since);
  });
});

describe('zReportOf: the cash taken while closed, its own line and expected', () => {
  const session = { id: 's2', register: 'DTAB1', floatCents: 500_000, createdAt: '2026-12-02T08:00:00.000Z' };
  const pay = (at: string, amountCents: number, method = 'Cash', register = 'DTAB1') => ({ method, amountCents, createdAt: at, invoiceId: `i-${at}-${amountCents}`, register });
  const records = (closedSince: string | null, payments: ReturnType<typeof pay>[]): DrawerRecords => ({
    closedSince,
    payments,
    invoiceTimes: new Map(payments.map((payment) => [payment.invoiceId, payment.createdAt])),
    expenses: [],
    moves: [],
  });
  const close = '2026-12-02T18:00:00.000Z';
  it.each([
    {
      name: "the tablet's day before its first session: 2,242 + 3,540 + 683 taken while closed, then a sale in the session",
      records: records('', [
        pay('2026-12-01T10:00:00.000Z', 224_200),
        pay('2026-12-01T11:00:00.000Z', 354_000),
        pay('2026-12-01T12:00:00.000Z', 68_300),
        pay('2026-12-02T09:00:00.000Z', 100_000),
      ]),
      closedCash: 646_500,
      cashSales: 100_000,
      expected: 500_000 + 646_500 + 100_000,
      cashByMethod: 100_000,
    },
    {
      name: 'only after the previous close: what that session counted is not counted again',
      records: records('2026-12-01T18:00:00.000Z', [pay('2026-12-01T17:00:00.000Z', 90_000), pay('2026-12-01T18:00:00.000Z', 10_000), pay('2026-12-01T19:00:00.000Z', 68_300)]),
      closedCash: 68_300,
      cashSales: 0,
      expected: 568_300,
      cashByMethod: 0,
    },
    {
      name: 'none when the previous session was still open',
      records: records(null, [pay('2026-12-01T19:00:00.000Z', 68_300)]),
      closedCash: 0,
      cashSales: 0,
      expected: 500_000,
      cashByMethod: 0,
    },
    {
      name: "another register's cash and card are not this drawer's",
      records: records('', [pay('2026-12-01T10:00:00.000Z', 224_200, 'Cash', 'DCNT1'), pay('2026-12-01T11:00:00.000Z', 354_000, 'Card')]),
      closedCash: 0,
      cashSales: 0,
      expected: 500_000,
      cashByMethod: 0,
    },
  ])('$name', ({ records: held, closedCash, cashSales, expected, cashByMethod }) => {
    const report = zReportOf(session, held, close);
    expect(report.takings.closedCashCents).toBe(closedCash);
    expect(report.takings.cashSalesCents).toBe(cashSales);
    expect(report.expectedCents).toBe(expected);
    expect(report.byMethod.find((line) => line.method === 'Cash')?.cents).toBe(cashByMethod);
  });

  it('takenWhileClosed lists the payments between the previous close and the opening, any method', () => {
    const held = records('2026-12-01T18:00:00.000Z', [pay('2026-12-01T18:00:00.000Z', 1), pay('2026-12-01T19:00:00.000Z', 2, 'Card'), pay(session.createdAt, 3)]);
    expect(takenWhileClosed(session, held).map((payment) => payment.amountCents)).toEqual([2]);
  });
});
