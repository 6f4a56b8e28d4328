/**
 * Issue 43: opening balances, against the real server and a real SQLite file. An unpaid invoice of
 * the old books becomes a real invoice of the customer in the opening series (OB-<original number>),
 * with the payment of what was already paid; the due list, the customer's due and later payments
 * treat it as any invoice, and no sales or income figure counts it. The same number twice is one
 * record; bad input is refused in the import's words and writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, type Json, type TestServer } from './helpers';
import { customerBody } from '../../tests/factories';
import { openingBalanceMessages } from '@shared/schemas/opening-balance';
import { openingBalanceMethod } from '@shared/domain/opening-balance';

let server: TestServer;
let manager: string;
let customerId: string;
let push: ReturnType<typeof devicePusher>;

beforeEach(async () => {
  server = await makeTestServer();
  const admin = (await server.userWithRole('Admin')).token;
  manager = (await server.userWithRole('Manager')).token;
  customerId = (await server.call('POST', '/api/customers', admin, customerBody('සුනිල් පෙරේරා', '0771234567', 'CAB-4567'))).json.customer._id as string;
  push = devicePusher(server, manager, 'office-pc');
});
afterEach(() => server.close());

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const rows = async (sql: string, ...params: unknown[]) => (await server.db.$client.prepare(sql).all(...params)) as Json[];
const opening = (extra: Json = {}): Json => ({
  id: randomUUID(),
  customerId,
  invoiceNo: '1042',
  date: daysAgo(100),
  dueDate: daysAgo(70),
  total: 12500,
  paid: 2500,
  paymentId: randomUUID(),
  note: 'From the old ledger',
  ...extra,
});

/** Everything a refused or repeated opening balance must leave as it was. */
const footprint = async () => ({
  invoices: await rows('SELECT * FROM invoices ORDER BY id'),
  lines: await countRows(server.db, 'invoice_lines'),
  payments: await countRows(server.db, 'payments'),
  version: await rows("SELECT value FROM counters WHERE name = 'version'"),
});

describe('recordOpeningBalance', () => {
  it('records an invoice of its own series with its line and the payment of what was paid', async () => {
    const args = opening();
    const result = await push('recordOpeningBalance', args);
    expect(result.status).toBe('applied');
    const [invoice] = await rows('SELECT * FROM invoices WHERE id = ?', args.id);
    expect(invoice).toMatchObject({
      invoiceNo: 'OB-1042',
      openingBalance: 1,
      date: args.date,
      dueDate: args.dueDate,
      note: 'From the old ledger',
      customerId,
      customerName: 'සුනිල් පෙරේරා',
      totalCents: 1_250_000,
      taxCents: 0,
      paidCents: 250_000,
      dueCents: 1_000_000,
      status: 'Due',
    });
    expect(await rows('SELECT name, totalCents, quantityHundredths FROM invoice_lines WHERE invoiceId = ?', args.id)).toEqual([
      { name: 'Opening balance', totalCents: 1_250_000, quantityHundredths: 100 },
    ]);
    expect(await rows('SELECT id, amountCents, method, date, register FROM payments WHERE invoiceId = ?', args.id)).toEqual([
      { id: args.paymentId, amountCents: 250_000, method: openingBalanceMethod, date: args.date, register: '' },
    ]);
  });

  it('writes no payment when nothing was paid', async () => {
    const args = opening({ paid: 0 });
    expect((await push('recordOpeningBalance', args)).status).toBe('applied');
    expect(await countRows(server.db, 'payments')).toBe(0);
    expect(await rows('SELECT paidCents, dueCents FROM invoices WHERE id = ?', args.id)).toEqual([{ paidCents: 0, dueCents: 1_250_000 }]);
  });

  it('applies once: the same entry sent again, or the same number in a new import, changes nothing', async () => {
    const args = opening();
    const entry = { id: randomUUID(), clientId: 'office-pc', seq: 1, name: 'recordOpeningBalance', args, createdAt: new Date().toISOString() };
    const first = await server.call('POST', '/api/sync/push', manager, { clientId: 'office-pc', mutations: [entry] });
    expect(first.json.results[0].status).toBe('applied');
    const after = await footprint();

    const replay = await server.call('POST', '/api/sync/push', manager, { clientId: 'office-pc', mutations: [entry] });
    expect(replay.json.results[0]).toMatchObject({ status: 'applied', at: first.json.results[0].at });
    expect(await footprint()).toEqual(after);

    // A second import of the same book: new ids, the same number. The device drops what it guessed.
    const again = opening({ total: 99, paid: 0 });
    const second = await push('recordOpeningBalance', again);
    expect(second).toMatchObject({ status: 'applied', at: null });
    expect(second.missing).toEqual(expect.arrayContaining([`invoices:${again.id}`, `invoiceLines:${again.id}/opening`, `payments:${again.paymentId}`]));
    // Its number given with the series' prefix (as this app exports it) is the same number too.
    expect((await push('recordOpeningBalance', opening({ invoiceNo: 'OB-1042' }))).at).toBeNull();
    // And the same id again, from another device's copy of the import.
    expect((await push('recordOpeningBalance', { ...args, paymentId: randomUUID() })).at).toBeNull();
    expect(await footprint()).toEqual(after);
  });

  it.each([
    ['no invoice number', { invoiceNo: '  ' }, openingBalanceMessages.invoiceNo],
    ['a number over 40 characters', { invoiceNo: '1'.repeat(41) }, openingBalanceMessages.invoiceNoLength],
    ['a number with a hidden character', { invoiceNo: '10\u202E42' }, /Invoice No/],
    ['a date that is no day', { date: '2025-02-30' }, openingBalanceMessages.date],
    ['a date in the shop’s format', { date: '01/06/2025' }, openingBalanceMessages.date],
    ['no due date', { dueDate: '' }, openingBalanceMessages.dueDate],
    ['a due date before the date', { date: '2025-06-10', dueDate: '2025-06-09' }, openingBalanceMessages.dueBeforeDate],
    ['a total of 0', { total: 0 }, openingBalanceMessages.total],
    ['a total that rounds to 0', { total: 0.004 }, openingBalanceMessages.total],
    ['a total that is no number', { total: 'abc' }, openingBalanceMessages.total],
    ['a negative paid amount', { paid: -1 }, openingBalanceMessages.paid],
    ['more paid than the total', { total: 100, paid: 100.01 }, openingBalanceMessages.paidOverTotal],
    ['no customer', { customerId: '' }, openingBalanceMessages.customer],
  ])('refuses %s with a 400 in the import’s words, writing nothing', async (_case, change, message) => {
    const before = await footprint();
    const result = await push('recordOpeningBalance', opening(change));
    expect(result).toMatchObject({ status: 'rejected', httpStatus: 400 });
    if (typeof message === 'string') expect(result.message).toBe(message);
    else expect(result.message).toMatch(message);
    expect(await footprint()).toEqual(before);
  });

  it('refuses an unknown customer, an id another invoice holds, and Staff', async () => {
    const before = await footprint();
    expect(await push('recordOpeningBalance', opening({ customerId: randomUUID() }))).toMatchObject({
      status: 'rejected',
      httpStatus: 404,
      message: openingBalanceMessages.customerNotFound,
    });
    const staff = devicePusher(server, (await server.userWithRole('Staff')).token, 'counter');
    expect(await staff('recordOpeningBalance', opening())).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect(await footprint()).toEqual(before);
    const first = opening();
    await push('recordOpeningBalance', first);
    const taken = await footprint();
    expect(await push('recordOpeningBalance', opening({ id: first.id, invoiceNo: '2001' }))).toMatchObject({
      status: 'rejected',
      httpStatus: 409,
      message: openingBalanceMessages.idUsed,
    });
    expect(await footprint()).toEqual(taken);
  });
});

describe('an opening balance in the figures', () => {
  it('is on the due list by its own due date, in the customer’s due, and paid like any invoice', async () => {
    const args = opening({ date: daysAgo(100), dueDate: daysAgo(40) });
    await push('recordOpeningBalance', args);
    const listed = await server.call('GET', '/api/sales/due-invoices', manager);
    expect(listed.json).toEqual([expect.objectContaining({ invoiceNo: 'OB-1042', dueDate: args.dueDate, daysPastDue: 40, total: 12500, paidAmount: 2500, due: 10000 })]);
    expect((await server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, manager)).json).toMatchObject({ dueAmount: 10000, creditBalance: 0 });

    // The customer pays the rest today: real money, today's income.
    const paid = await server.call('PUT', `/api/sales/due-invoices/${args.id}/record-payment`, manager, { paymentDate: todayUtc(), paymentMethod: 'Cash', payingAmount: 10000 });
    expect(paid.status, paid.json.message).toBe(200);
    expect((await server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, manager)).json.dueAmount).toBe(0);
    expect((await server.call('GET', '/api/dashboard/summary', manager)).json.todayIncome).toBe(10000);
  });

  it('dated today, is no income of today', async () => {
    await push('recordOpeningBalance', opening({ date: todayUtc(), dueDate: todayUtc(), total: 8000, paid: 3000 }));
    const summary = (await server.call('GET', '/api/dashboard/summary', manager)).json;
    expect(summary.todayIncome).toBe(0);
    const invoice = (await server.call('GET', '/api/sales/sales-invoices', manager)).json;
    expect(JSON.stringify(invoice)).toContain('OB-1042');
  });
});
