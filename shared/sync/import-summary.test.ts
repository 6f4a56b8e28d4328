import { describe, expect, it } from 'vitest';
import { moneyInChange } from './import-summary';

const id = '0190e8a4-0000-7000-8000-000000000001';

describe('moneyInChange', () => {
  const cases: [string, string, unknown, ReturnType<typeof moneyInChange>][] = [
    ['a pay-out', 'moveDrawerCash', { id, sessionId: id, kind: 'payOut', amount: 1_000_000, reason: 'bank' }, [['Pay-outs', 100_000_000]]],
    ['a pay-in', 'moveDrawerCash', { id, sessionId: id, kind: 'payIn', amount: 250.5, reason: 'change' }, [['Pay-ins', 25_050]]],
    ['a float', 'openDrawer', { id, float: 1000 }, [['Drawer floats', 100_000]]],
    ['a payment', 'recordPayment', { id, invoiceId: id, amount: 683, method: 'Cash', date: '2026-12-06' }, [['Payments', 68_300]]],
    ['an expense', 'recordExpense', { id, date: '2026-12-06', category: 'Rent', amount: 5000, paidFrom: 'Cash drawer', note: '' }, [['Expenses', 500_000]]],
    ['a change that moves no money', 'dismissNotice', { id }, []],
    ['arguments the schema refuses', 'moveDrawerCash', { id, kind: 'payOut', amount: -5 }, []],
    ['an operation this build does not know', 'stealMoney', { amount: 5 }, []],
  ];
  it.each(cases)('%s', (_name, name, args, money) => {
    expect(moneyInChange(name, args)).toEqual(money);
  });
});
