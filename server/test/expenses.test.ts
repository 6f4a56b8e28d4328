/**
 * Issue 27: expenses, against the real server and a real SQLite file. An expense is append-only: a
 * device's reaches the server once under its id; a correction by an Admin or Manager names the one it
 * corrects, takes back at most what stands, and says why; bad input is a 400 that writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, type Json, type TestServer } from './helpers';
import { expenseMessages } from '@shared/schemas/expense';
import { dateWindowMessages } from '@shared/domain/date-window';
import { localDay } from '@shared/domain/dashboard';

let server: TestServer;
let admin: string;
let staff: string;

beforeEach(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  staff = (await server.userWithRole('Staff')).token;
});
afterEach(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);
const post = (body: Json, token = admin) => server.call('POST', '/api/expenses', token, body);
const expense = (extra: Json = {}): Json => ({ date: today(), category: 'Fuel', amount: 1500, paidFrom: 'Cash drawer', note: 'Diesel', ...extra });

describe('expenses over REST', () => {
  it('are recorded by anyone who works the counter, and listed newest first with their total', async () => {
    const first = await post(expense(), staff);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      success: true,
      message: expenseMessages.recorded,
      expense: { category: 'Fuel', amount: 1500, paidFrom: 'Cash drawer', paidBy: expect.any(String) },
    });
    expect((await post(expense({ category: 'Rent', amount: 45000, paidFrom: 'Bank' }))).status).toBe(201);
    const listed = await server.call('GET', `/api/expenses?from=${today()}&to=${today()}`, admin);
    expect(listed.json.total).toBe(46500);
    expect(listed.json.expenses.map((row: Json) => row.category).sort()).toEqual(['Fuel', 'Rent']);
    expect((await server.call('GET', '/api/expenses?category=Rent', admin)).json).toMatchObject({ total: 45000, expenses: [{ category: 'Rent' }] });
  });

  it.each([
    ['a zero amount', { amount: 0 }, expenseMessages.amount],
    ['a negative amount without naming what it corrects', { amount: -10 }, expenseMessages.amount],
    ['an amount over the bounds', { amount: 1e12 }, /amount/i],
    ['no category', { category: '' }, expenseMessages.category],
    ['an unknown source of money', { paidFrom: 'Pocket' }, expenseMessages.paidFrom],
    ['no date', { date: '' }, expenseMessages.date],
    ['a date far from today', { date: '1970-01-01' }, dateWindowMessages.expense],
    ['30 February', { date: '2026-02-30' }, expenseMessages.date],
  ])('refuses %s with a 400 in words, writing nothing', async (_case, change, message) => {
    const before = await countRows(server.db, 'expenses');
    const answer = await post(expense(change));
    expect(answer.status).toBe(400);
    expect(answer.json.success).toBe(false);
    if (typeof message === 'string') expect(answer.json.message).toBe(message);
    else expect(answer.json.message).toMatch(message);
    expect(await countRows(server.db, 'expenses')).toBe(before);
  });
});

describe('the list over REST is paged (issue 42, point 10)', () => {
  /** `n` expenses straight into the table, one a day back from today, Rs. 1 to Rs. n. */
  function storeExpenses(n: number, category = 'Fuel') {
    const insert = server.db.$client.prepare(
      `INSERT INTO expenses (id, version, updatedAt, date, category, amountCents, paidFrom, note, userId, userName, createdAt)
       VALUES (?, 1, ?, ?, ?, ?, 'Bank', 'Stored', 'u', 'Admin', ?)`,
    );
    const now = new Date().toISOString();
    server.db.$client.transaction(() => {
      for (let i = 1; i <= n; i++) insert.run(randomUUID(), now, new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10), category, i * 100, now);
    })();
  }
  const list = async (query = '') => (await server.call('GET', `/api/expenses${query}`, admin)).json;

  it('answers 500 a page with the count, the pages and the total of everything that matches', async () => {
    storeExpenses(1_201);
    const first = await list();
    expect(first).toMatchObject({ success: true, count: 1_201, page: 1, pages: 3, total: (1_201 * 1_202) / 2 });
    expect(first.expenses).toHaveLength(500);
    const last = await list('?page=3');
    expect([last.expenses.length, last.total]).toEqual([201, first.total]);
    // Newest first, and pages follow one another without a gap or an overlap.
    const small = await Promise.all([1, 2].map((page) => list(`?limit=100&page=${page}`)));
    expect(small.flatMap((answer) => answer.expenses)).toEqual(first.expenses.slice(0, 200));
    expect(first.expenses.map((row: Json) => row.date)).toEqual(
      first.expenses
        .map((row: Json) => row.date)
        .sort()
        .reverse(),
    );
    expect((await list('?limit=10000')).expenses).toHaveLength(500);
    expect((await server.call('GET', '/api/expenses?page=0', admin)).status).toBe(400);
  });

  it('counts and totals the filter alone', async () => {
    storeExpenses(30);
    storeExpenses(3, 'Rent');
    expect(await list('?category=Rent&limit=2')).toMatchObject({ count: 3, pages: 2, total: 6 });
    expect(await list('?category=Water')).toMatchObject({ count: 0, pages: 1, total: 0, expenses: [] });
  });
});

describe('corrections', () => {
  it('an Admin or Manager takes back part of an expense, with a reason, never more than stands', async () => {
    const id = (await post(expense({ amount: 1500 }))).json.expense._id;
    // Staff may not; nor may a correction without a reason, or of something that is not an expense.
    expect((await post(expense({ amount: -500, correctionOf: id, note: 'Typed 1,500 for 1,000' }), staff)).json).toEqual({
      success: false,
      message: expenseMessages.correctionRole,
    });
    expect((await post(expense({ amount: -500, correctionOf: id, note: '' }))).json).toEqual({ success: false, message: expenseMessages.correctionReason });
    expect((await post(expense({ amount: -500, correctionOf: randomUUID(), note: 'x' }))).json).toEqual({ success: false, message: expenseMessages.notAnExpense });
    expect((await post(expense({ amount: 500, correctionOf: id, note: 'x' }))).json).toEqual({ success: false, message: expenseMessages.amount });
    const corrected = await post(expense({ amount: -500, correctionOf: id, note: 'Typed 1,500 for 1,000' }));
    expect(corrected.status).toBe(201);
    // 1,000 stands: taking back 1,001 more is refused; a correction of a correction too.
    expect((await post(expense({ amount: -1000.01, correctionOf: id, note: 'x' }))).json).toEqual({ success: false, message: expenseMessages.correctionAmount });
    expect((await post(expense({ amount: -1, correctionOf: corrected.json.expense._id, note: 'x' }))).json).toEqual({ success: false, message: expenseMessages.notAnExpense });
    expect((await server.call('GET', '/api/expenses', admin)).json.total).toBe(1000);
  });
});

describe('from a device', () => {
  it('is applied once under its id, with the register whose drawer paid it; a bank payment names no register', async () => {
    const code = (await server.call('POST', '/api/sync/device', staff, { clientId: 'register-a' })).json.code as string;
    const push = devicePusher(server, staff, 'register-a');
    // The code the device names is not recorded: the one the server gave it is.
    const args = { id: randomUUID(), date: today(), category: 'Food', amount: 850, paidFrom: 'Cash drawer', note: 'Tea for the shop', register: 'A7K' };
    expect(await push('recordExpense', args)).toMatchObject({ status: 'applied' });
    expect(await push('recordExpense', args)).toMatchObject({ status: 'rejected', httpStatus: 409 });
    expect(await push('recordExpense', { ...args, id: randomUUID(), paidFrom: 'Bank' })).toMatchObject({ status: 'applied' });
    const rows = server.db.$client.prepare('SELECT amountCents, register FROM expenses ORDER BY register DESC').all();
    expect(rows).toEqual([
      { amountCents: 85000, register: code },
      { amountCents: 85000, register: '' },
    ]);
  });
});

describe('a register’s expense dated far from the server’s time (issue 42, point 7)', () => {
  it('is recorded, counted on the day it was recorded in every report as its drawer counts it, and raised for review', async () => {
    const code = (await server.call('POST', '/api/sync/device', admin, { clientId: 'register-a' })).json.code as string;
    const push = devicePusher(server, admin, 'register-a');
    const session = randomUUID();
    expect(await push('openDrawer', { id: session, float: 1000 })).toMatchObject({ status: 'applied' });
    const sale = await push('checkoutSale', {
      id: randomUUID(),
      invoiceNo: `INV-${code}-00001`,
      date: new Date().toISOString(),
      customerId: null,
      guest: true,
      lines: [{ id: randomUUID(), kind: 'service', refId: null, name: 'Wheel alignment', quantity: 1, unitPrice: 5000 }],
      taxRatePercent: 0,
      pricesIncludeTax: true,
      total: 5000,
      payment: { id: randomUUID(), method: 'Cash', tendered: 5000 },
    });
    expect(sale).toMatchObject({ status: 'applied' });
    const hidden = randomUUID();
    expect(await push('recordExpense', { id: hidden, date: '1970-01-01', category: 'Fuel', amount: 5000, paidFrom: 'Cash drawer', note: 'Diesel' })).toMatchObject({
      status: 'applied',
    });

    // Counted today, in the day's expenses, the Expenses report's period and the drawer alike.
    const day = localDay(new Date());
    const row = server.db.$client.prepare('SELECT date, register, reviewState, reviewReason FROM expenses WHERE id = ?').get(hidden) as Json;
    expect(row).toEqual({ date: day, register: code, reviewState: 'open', reviewReason: expenseMessages.dateOutsideWindow('1970-01-01', day) });
    const listed = await server.call('GET', `/api/expenses?from=${day}&to=${day}`, admin);
    expect(listed.json.total).toBe(5000);
    // The Z report: float 1,000 + 5,000 taken - 5,000 paid out = 1,000 expected, counted so.
    const close = { sessionId: session, zNumber: `Z-${code}-00001`, count: { 100_000: 1 }, expected: 1000, differenceReason: '' };
    expect(await push('closeDrawer', close)).toMatchObject({ status: 'applied' });
    expect(server.db.$client.prepare('SELECT expectedCents, differenceCents FROM drawer_sessions WHERE id = ?').get(session)).toEqual({
      expectedCents: 100_000,
      differenceCents: 0,
    });

    // A Manager marks it reviewed (Sales to Review's Expenses to Review); Staff may not.
    expect(await devicePusher(server, staff, 'register-s')('markSaleReviewed', { id: hidden, kind: 'expense' })).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect(await push('markSaleReviewed', { id: hidden, kind: 'expense' })).toMatchObject({ status: 'applied' });
    expect((server.db.$client.prepare('SELECT reviewState FROM expenses WHERE id = ?').get(hidden) as Json).reviewState).toBe('reviewed');
  });

  it('one dated inside the window keeps its date, with nothing to review', async () => {
    await server.call('POST', '/api/sync/device', admin, { clientId: 'register-b' });
    const id = randomUUID();
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await devicePusher(server, admin, 'register-b')('recordExpense', { id, ...expense({ date: lastWeek }) })).toMatchObject({ status: 'applied' });
    expect(server.db.$client.prepare('SELECT date, reviewState FROM expenses WHERE id = ?').get(id)).toEqual({ date: lastWeek, reviewState: '' });
  });
});
