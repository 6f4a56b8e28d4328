import { describe, expect, it } from 'vitest';
import {
  countedCents,
  countProblem,
  drawerDifferenceCents,
  drawerTakings,
  expectedCashCents,
  totalsByMethod,
  type DrawerCount,
  type DrawerMove,
  type DrawerPayment,
} from './cash-drawer';

const sale = (amountCents: number, method = 'Cash'): DrawerPayment => ({ method, amountCents, atSale: true });
const onInvoice = (amountCents: number, method = 'Cash'): DrawerPayment => ({ method, amountCents, atSale: false });
const refund = (cents: number, method = 'Cash'): DrawerPayment => ({ method, amountCents: -cents, atSale: false });

describe('expected cash: float + cash in − cash out', () => {
  const cases: { name: string; float: number; payments: DrawerPayment[]; moves: DrawerMove[]; expected: number }[] = [
    { name: 'an empty session holds its float', float: 500_000, payments: [], moves: [], expected: 500_000 },
    // Issue 23's guest: Rs. 10,500 handed over for Rs. 10,117.50; the payment is the amount, the change went back.
    { name: "a guest's cash sale with change given (10,500 for 10,117.50)", float: 500_000, payments: [sale(1_011_750)], moves: [], expected: 1_511_750 },
    // Issue 23's Due List payment: Rs. 6,000 on a due of Rs. 4,950, Rs. 1,050 given back.
    { name: 'a payment on an invoice with change given (6,000 on 4,950)', float: 0, payments: [onInvoice(495_000)], moves: [], expected: 495_000 },
    {
      name: 'card, bank and credit never touch the drawer',
      float: 100_000,
      payments: [sale(430_000, 'Card'), onInvoice(99_900, 'Bank Transfer'), sale(2_500, 'Customer Credit')],
      moves: [],
      expected: 100_000,
    },
    { name: 'a cash refund leaves the drawer', float: 100_000, payments: [sale(430_000), refund(110_000)], moves: [], expected: 420_000 },
    { name: 'a card refund does not', float: 100_000, payments: [sale(430_000), refund(110_000, 'Card')], moves: [], expected: 530_000 },
    {
      name: 'expenses, a correction, pay-in and pay-out',
      float: 200_000,
      payments: [sale(1_695_000)],
      moves: [
        { kind: 'expense', amountCents: 150_000 },
        { kind: 'expense', amountCents: -50_000 },
        { kind: 'payIn', amountCents: 1_000_000 },
        { kind: 'payOut', amountCents: 1_500_000 },
      ],
      expected: 200_000 + 1_695_000 - 100_000 + 1_000_000 - 1_500_000,
    },
    { name: 'more out than in goes below 0 (a missing float is said, not hidden)', float: 0, payments: [refund(5_000)], moves: [], expected: -5_000 },
    // Issue 26's customer credit: Rs. 5,000 handed over on Rs. 4,300, the 700 left as credit stayed in
    // the drawer; spending it later (Customer Credit) hands no cash over.
    {
      name: 'change left as credit stays in the drawer; spending it moves no cash',
      float: 0,
      payments: [sale(500_000), onInvoice(70_000, 'Customer Credit')],
      moves: [],
      expected: 500_000,
    },
    { name: 'a bulk payment in cash counts like any payment on an invoice', float: 0, payments: [onInvoice(300_000), onInvoice(200_000)], moves: [], expected: 500_000 },
  ];
  it.each(cases)('$name', ({ float, payments, moves, expected }) => {
    expect(expectedCashCents(drawerTakings(float, payments, moves))).toBe(expected);
  });

  it('sorts each record into its line of the report', () => {
    const takings = drawerTakings(
      500_000,
      [sale(1_011_750), onInvoice(495_000), refund(110_000), sale(430_000, 'Card')],
      [
        { kind: 'expense', amountCents: 25_000 },
        { kind: 'payIn', amountCents: 100_000 },
        { kind: 'payOut', amountCents: 300_000 },
      ],
    );
    expect(takings).toEqual({
      floatCents: 500_000,
      closedCashCents: 0,
      cashSalesCents: 1_011_750,
      cashPaymentsCents: 495_000,
      payInsCents: 100_000,
      cashRefundsCents: 110_000,
      cashExpensesCents: 25_000,
      payOutsCents: 300_000,
    });
  });
});

// Issue 47: the tablet, its drawer never opened, sold Rs. 2,242 and Rs. 3,540 in cash and took a
// Rs. 683 payment; the session opened next counts that cash, beside its float, as taken while closed.
describe('cash taken while the drawer was closed', () => {
  const cases: { name: string; whileClosed: DrawerPayment[]; closedCash: number; expected: number }[] = [
    { name: 'none: the float alone', whileClosed: [], closedCash: 0, expected: 500_000 },
    { name: "the tablet's two cash sales and a payment", whileClosed: [sale(224_200), sale(354_000), onInvoice(68_300)], closedCash: 646_500, expected: 1_146_500 },
    { name: 'a cash refund while closed is netted', whileClosed: [sale(354_000), refund(54_000)], closedCash: 300_000, expected: 800_000 },
    {
      name: 'card and customer credit touch no drawer, closed or not',
      whileClosed: [sale(224_200, 'Card'), onInvoice(68_300, 'Customer Credit')],
      closedCash: 0,
      expected: 500_000,
    },
  ];
  it.each(cases)('$name', ({ whileClosed, closedCash, expected }) => {
    const takings = drawerTakings(500_000, [], [], whileClosed);
    expect(takings.closedCashCents).toBe(closedCash);
    expect(takings.cashSalesCents).toBe(0);
    expect(expectedCashCents(takings)).toBe(expected);
  });
});

describe('the blind count', () => {
  const cases: { name: string; count: DrawerCount; cents: number }[] = [
    { name: 'nothing counted', count: {}, cents: 0 },
    { name: 'every note and coin once', count: { 500_000: 1, 200_000: 1, 100_000: 1, 50_000: 1, 10_000: 1, 5_000: 1, 2_000: 1, 1_000: 1, 500: 1, 200: 1, 100: 1 }, cents: 868_800 },
    { name: '3 × 5,000 + 2 × 1,000 + 7 × 100 + 3 × 1', count: { 500_000: 3, 100_000: 2, 10_000: 7, 100: 3 }, cents: 1_770_300 },
  ];
  it.each(cases)('$name comes to $cents cents', ({ count, cents }) => expect(countedCents(count)).toBe(cents));

  const problems: { name: string; count: Record<string, unknown>; message: string | null }[] = [
    { name: 'a fair count', count: { 500000: 2, 100: 0 }, message: null },
    { name: 'a negative number of notes', count: { 100000: -1 }, message: 'The count of Rs. 1,000 must be a whole number, 0 or more.' },
    { name: 'half a coin', count: { 500: 1.5 }, message: 'The count of Rs. 5 must be a whole number, 0 or more.' },
    { name: 'a number as text', count: { 500: '3' }, message: 'The count of Rs. 5 must be a whole number, 0 or more.' },
    { name: 'a note that does not exist', count: { 300000: 1 }, message: 'Count only the notes and coins listed.' },
    { name: 'more than a drawer holds', count: { 100: 100_001 }, message: 'The count of Rs. 1 is at most 100,000.' },
  ];
  it.each(problems)('$name: $message', ({ count, message }) => expect(countProblem(count)).toBe(message));

  it('the difference is counted less expected', () => {
    expect(drawerDifferenceCents(1_511_750, 1_511_750)).toBe(0);
    expect(drawerDifferenceCents(1_511_750, 1_500_000)).toBe(-11_750);
    expect(drawerDifferenceCents(1_511_750, 1_520_000)).toBe(8_250);
  });
});

describe('totals by method', () => {
  it('nets refunds and lists every method, 0 where nothing was taken', () => {
    expect(totalsByMethod(['Cash', 'Card', 'Cheque'], [sale(430_000), refund(110_000), sale(200_000, 'Card'), onInvoice(50_000, 'Card')])).toEqual([
      { method: 'Cash', cents: 320_000 },
      { method: 'Card', cents: 250_000 },
      { method: 'Cheque', cents: 0 },
    ]);
  });
});
