import { describe, expect, it } from 'vitest';
import { payOutsBeyondCash, type DrawerRecords } from './drawer';

// Issue 42, point 8: which pay-outs took more than the drawer held at their time, from the records.
describe('payOutsBeyondCash', () => {
  const session = { id: 's1', register: 'DA001', floatCents: 100_000, createdAt: '2026-12-01T08:00:00.000Z' };
  const at = (hour: number) => `2026-12-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const sale = (hour: number, amountCents: number, method = 'Cash') => ({ method, amountCents, createdAt: at(hour), invoiceId: `i${hour}`, register: 'DA001' });
  const move = (id: string, kind: 'payIn' | 'payOut', hour: number, amountCents: number, sessionId = 's1') => ({ id, kind, amountCents, sessionId, createdAt: at(hour) });
  const records = (payments: ReturnType<typeof sale>[], moves: ReturnType<typeof move>[]): DrawerRecords => ({
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
