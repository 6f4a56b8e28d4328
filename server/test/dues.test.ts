import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { countRows, makeTempDir, makeTestServer, type Json, type TestServer } from './helpers';
import { customerBody as newCustomerBody, saleBody, saleLine } from '../../tests/factories';
import { projectRoot } from '../src/project-root';
import { daysPastDue } from '@shared/domain/allocation';
import { paymentMessages } from '@shared/schemas/payment';

// The due list over REST (spec 2.12, 4 Due payment, 5 Record payment and Bulk payment, 7 Sales and
// dues) and the payments under it: the real app over a temporary SQLite file (helpers.ts).

/** A customer whose vehicle's plate is CAB- and the phone's last four digits. */
const customerBody = (customerName: string, phone: string) => newCustomerBody(customerName, phone, `CAB-${phone.slice(-4)}`);

interface World {
  server: TestServer;
  admin: string;
  manager: string;
  staff: string;
  serviceId: string;
  sunil: string;
  nimal: string;
}

async function world(): Promise<World> {
  const server = await makeTestServer();
  const admin = (await server.userWithRole('Admin')).token;
  const customer = async (name: string, phone: string) => (await server.call('POST', '/api/customers', admin, customerBody(name, phone))).json.customer._id as string;
  return {
    server,
    admin,
    manager: (await server.userWithRole('Manager')).token,
    staff: (await server.userWithRole('Staff')).token,
    serviceId: (await server.call('POST', '/api/services', admin, { name: 'Labour', price: 1000 })).json.service._id as string,
    sunil: await customer('Sunil Fernando', '0711111111'),
    nimal: await customer('Nimal Perera', '0772222222'),
  };
}

const rowsOf = async (server: TestServer, sql: string, ...params: unknown[]) => (await server.db.$client.prepare(sql).all(...params)) as Json[];
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A sale on the spec's route: one service line of `total`, `paid` paid now. */
async function sell(
  w: World,
  { date, total, paid, customerId = w.sunil, invoiceNo }: { date: string; total: number; paid: number; customerId?: string | null; invoiceNo?: string },
) {
  const line = saleLine('Labour', total, { itemId: w.serviceId, isService: true });
  const response = await w.server.call('POST', '/api/sales/sales-invoices', w.staff, saleBody(customerId, [line], { ...(invoiceNo ? { invoiceNo } : {}), date, paidAmount: paid }));
  expect(response.status, response.json.message).toBe(201);
  return response.json.invoice as Json;
}

/** Every invoice's stored standing is what its payments make it (the invariant every write keeps). */
async function expectStandingsKept(server: TestServer): Promise<void> {
  const off = await rowsOf(
    server,
    `SELECT i.id, i.invoiceNo, i.totalCents, i.paidCents, i.dueCents, i.status, COALESCE(SUM(p.amountCents), 0) AS sum
     FROM invoices i LEFT JOIN payments p ON p.invoiceId = i.id AND p.deleted = 0
     GROUP BY i.id
     HAVING i.paidCents != COALESCE(SUM(p.amountCents), 0)
         OR i.dueCents != MAX(i.totalCents - COALESCE(SUM(p.amountCents), 0), 0)
         OR i.status != CASE WHEN i.totalCents > COALESCE(SUM(p.amountCents), 0) THEN 'Due' ELSE 'Paid' END`,
  );
  expect(off, 'invoices whose stored standing disagrees with their payments').toEqual([]);
}

/** What a refused payment must leave as it was: every payment, every invoice row (version included), the version counter. */
async function footprint(server: TestServer) {
  return {
    payments: await countRows(server.db, 'payments'),
    invoices: await rowsOf(server, 'SELECT * FROM invoices ORDER BY id'),
    version: await rowsOf(server, "SELECT value FROM counters WHERE name = 'version'"),
  };
}

const pushEntry = (name: string, args: Json, id = randomUUID(), clientId = 'device-1') => ({ id, clientId, seq: 1, name, args, createdAt: new Date().toISOString() });

describe('the due list: GET /api/sales/due-invoices', () => {
  let w: World;
  let old: Json;
  let recent: Json;
  beforeAll(async () => {
    w = await world();
    recent = await sell(w, { date: '2026-11-20T10:00:00.000Z', total: 2200, paid: 1000, invoiceNo: 'INV-D01-00003' });
    old = await sell(w, { date: '2026-09-02T10:00:00.000Z', total: 500.5, paid: 0, invoiceNo: 'INV-D01-00001' });
    await sell(w, { date: '2026-11-02T23:30:00.000Z', total: 300, paid: 100, invoiceNo: 'INV-D02-00001' });
    await sell(w, { date: '2026-11-10T10:00:00.000Z', total: 300, paid: 300, invoiceNo: 'INV-D01-00002' }); // paid: not listed
    await sell(w, { date: '2026-11-11T10:00:00.000Z', total: 100, paid: 100, customerId: null }); // a guest's: paid in full
    await sell(w, { date: '2026-11-02T08:00:00.000Z', total: 999, paid: 0, customerId: w.nimal, invoiceNo: 'INV-D02-00002' });
  });
  afterAll(() => w.server.close());
  afterEach(async () => expectStandingsKept(w.server));

  const list = async (query = '') => {
    const response = await w.server.request('GET', `/api/sales/due-invoices${query}`, { token: w.staff });
    expect(response.status, response.text).toBe(200);
    return { body: response.json as unknown as Json[], total: response.headers.get('X-Total-Count'), due: response.headers.get('X-Total-Due') };
  };

  it('is an array of the invoices still owing, oldest first, in the spec shape with each payment history', async () => {
    const { body, total, due } = await list();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((invoice) => invoice.invoiceNo)).toEqual(['INV-D01-00001', 'INV-D02-00002', 'INV-D02-00001', 'INV-D01-00003']);
    expect(total).toBe('4');
    expect(due).toBe((500.5 + 999 + 200 + 1200).toFixed(2));
    const today = todayUtc();
    expect(body[0]).toEqual({
      _id: old._id,
      invoiceNo: 'INV-D01-00001',
      date: '2026-09-02T10:00:00.000Z',
      dueDate: '2026-09-16',
      customerId: w.sunil,
      customerName: 'Sunil Fernando',
      total: 500.5,
      paidAmount: 0,
      due: 500.5,
      daysPastDue: daysPastDue('2026-09-02', today),
      soldBy: 'Staff user',
      paymentHistory: [],
    });
    const last = body[3]!;
    expect(last).toMatchObject({ _id: recent._id, total: 2200, paidAmount: 1000, due: 1200, daysPastDue: daysPastDue('2026-11-20', today) });
    expect(last.paymentHistory).toEqual([{ _id: recent.paymentHistory[0]._id, method: 'Cash', amount: 1000, date: '2026-11-20T10:00:00.000Z', note: '' }]);
  });

  it('filters by invoice number and customer name (anywhere, any case) and by day, and they combine', async () => {
    const numbers = async (query: string) => (await list(query)).body.map((invoice) => invoice.invoiceNo);
    expect(await numbers('?invoiceNo=d02')).toEqual(['INV-D02-00002', 'INV-D02-00001']);
    expect(await numbers('?customerName=FERNANDO')).toEqual(['INV-D01-00001', 'INV-D02-00001', 'INV-D01-00003']);
    expect(await numbers('?customerName=nimal')).toEqual(['INV-D02-00002']);
    // The invoice's day as stored (UTC): 23:30Z on the 2nd is the 2nd.
    expect(await numbers('?date=2026-11-02')).toEqual(['INV-D02-00002', 'INV-D02-00001']);
    expect(await numbers('?date=2026-11-03')).toEqual([]);
    expect(await numbers('?invoiceNo=D02&customerName=sunil&date=2026-11-02')).toEqual(['INV-D02-00001']);
    expect(await numbers('?invoiceNo=D01&customerName=nimal')).toEqual([]);
    expect(await numbers('?invoiceNo=D02&date=2026-11-20')).toEqual([]);
    // LIKE's wildcards are taken as text.
    expect(await numbers('?invoiceNo=%25')).toEqual([]);
    expect(await numbers('?customerName=_')).toEqual([]);
    const filtered = await list('?customerName=sunil&date=2026-11-02');
    expect(filtered.total).toBe('1');
    expect(filtered.due).toBe('200.00');
  });

  it('finds a customer renamed since the sale by the new name too (the invoice keeps the name it was printed with)', async () => {
    const renamed = await w.server.call('PUT', `/api/customers/${w.nimal}`, w.admin, { ...customerBody('Nimal Jayasuriya', '0772222222'), id: w.nimal });
    expect(renamed.status, renamed.json.message).toBe(200);
    const byNew = (await list('?customerName=jayasuriya')).body;
    expect(byNew.map((invoice) => [invoice.invoiceNo, invoice.customerName])).toEqual([['INV-D02-00002', 'Nimal Perera']]);
    expect((await list('?customerName=perera')).body.map((invoice) => invoice.invoiceNo)).toEqual(['INV-D02-00002']);
  });

  it('pages in SQL: ?page=&limit=, the largest page 500; a bad page, limit or date is a 400', async () => {
    expect((await list('?limit=2')).body.map((invoice) => invoice.invoiceNo)).toEqual(['INV-D01-00001', 'INV-D02-00002']);
    const second = await list('?limit=2&page=2');
    expect(second.body.map((invoice) => invoice.invoiceNo)).toEqual(['INV-D02-00001', 'INV-D01-00003']);
    expect(second.total).toBe('4');
    expect((await list('?limit=2&page=3')).body).toEqual([]);
    expect((await list('?limit=100000')).body).toHaveLength(4);
    for (const query of ['?page=0', '?limit=abc', '?page=1.5', '?date=2026-13-01', '?date=23/11/2026', '?date=2026-02-30', '?date=2026-11-02T00:00:00Z']) {
      const response = await w.server.call('GET', `/api/sales/due-invoices${query}`, w.staff);
      expect(response.status, query).toBe(400);
      expect(response.json.success).toBe(false);
    }
  });

  it('reads the (status, date) index, not the whole invoice table', async () => {
    const plan = (await rowsOf(w.server, `EXPLAIN QUERY PLAN SELECT id FROM invoices WHERE status = 'Due' AND deleted = 0 ORDER BY date, createdAt, id LIMIT 500`)).map((row) =>
      String(row.detail),
    );
    expect(plan.join('\n')).toMatch(/USING INDEX invoices_status_date/);
  });

  it('needs a session', async () => {
    expect((await w.server.call('GET', '/api/sales/due-invoices', null)).status).toBe(401);
  });
});

describe('recording a payment: PUT /api/sales/due-invoices/:invoiceId/record-payment', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.server.close());
  afterEach(async () => expectStandingsKept(w.server));

  const record = async (invoiceId: string, body: unknown, token = w.staff, headers?: Record<string, string>) =>
    w.server.call('PUT', `/api/sales/due-invoices/${invoiceId}/record-payment`, token, body, headers);
  const refused = async (invoiceId: string, body: unknown, status: number, message: string, token = w.staff) => {
    const before = await footprint(w.server);
    const response = await record(invoiceId, body, token);
    expect(response.status, JSON.stringify(response.json)).toBe(status);
    expect(response.json).toEqual({ success: false, message });
    expect(await footprint(w.server)).toEqual(before);
  };

  it('Staff records a part payment with the spec body; the invoice answers its new paid, due and status', async () => {
    const invoice = await sell(w, { date: '2026-11-01T09:00:00.000Z', total: 5000, paid: 1000 });
    const response = await record(invoice._id, { paymentDate: '2026-11-23', paymentMethod: 'Bank Transfer', payingAmount: 1500.25, note: 'Second instalment' });
    expect(response.status, response.json.message).toBe(200);
    expect(response.json).toMatchObject({ success: true, message: 'Payment recorded successfully!' });
    expect(response.json.invoice).toMatchObject({ _id: invoice._id, invoiceNo: invoice.invoiceNo, total: 5000, paidAmount: 2500.25, due: 2499.75, status: 'Due' });
    expect(response.json.invoice.paymentHistory.map((payment: Json) => [payment.method, payment.amount, payment.date, payment.note])).toEqual([
      ['Cash', 1000, '2026-11-01T09:00:00.000Z', ''],
      ['Bank Transfer', 1500.25, '2026-11-23', 'Second instalment'],
    ]);
    expect(response.json.payment).toMatchObject({ invoiceId: invoice._id, method: 'Bank Transfer', amount: 1500.25, date: '2026-11-23', note: 'Second instalment' });
    // The three reads agree: the invoice, the invoice list and the due list.
    const one = (await w.server.call('GET', `/api/sales/sales-invoices/${invoice._id}`, w.staff)).json.invoice;
    expect(one).toMatchObject({ paidAmount: 2500.25, due: 2499.75, status: 'Due' });
    const due = ((await w.server.call('GET', `/api/sales/due-invoices?invoiceNo=${invoice.invoiceNo}`, w.staff)).json as unknown as Json[])[0]!;
    expect(due).toMatchObject({ paidAmount: 2500.25, due: 2499.75 });
    expect(due.paymentHistory).toHaveLength(2);
  });

  it('takes our own names too (date, method, amount), a method in any case, an amount as decimal text, a full timestamp as its day', async () => {
    const invoice = await sell(w, { date: '2026-11-02T09:00:00.000Z', total: 800, paid: 0 });
    const response = await record(invoice._id, { date: '2026-11-23T15:20:00.000Z', method: 'cheque', amount: '800.00' });
    expect(response.status, response.json.message).toBe(200);
    expect(response.json.invoice).toMatchObject({ paidAmount: 800, due: 0, status: 'Paid' });
    expect(response.json.payment).toMatchObject({ method: 'Cheque', amount: 800, date: '2026-11-23' });
    // Paid in full: it leaves the due list.
    expect((await w.server.call('GET', `/api/sales/due-invoices?invoiceNo=${invoice.invoiceNo}`, w.staff)).json).toEqual([]);
  });

  it("refuses with the spec's words, amount first, then date, then method, and writes nothing", async () => {
    const invoice = await sell(w, { date: '2026-11-03T09:00:00.000Z', total: 1000, paid: 0 });
    const ok = { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 100 };
    for (const payingAmount of [undefined, null, '', 0, 0.001, 'abc', '1e3', true, [], {}, Number.MAX_SAFE_INTEGER]) {
      await refused(invoice._id, { ...ok, payingAmount }, 400, 'Please enter a valid positive paying amount.');
    }
    for (const paymentDate of [undefined, null, '', '   ', 'yesterday', '23/11/2026', 20261123]) {
      await refused(invoice._id, { ...ok, paymentDate }, 400, 'Please select a payment date.');
    }
    for (const paymentMethod of [undefined, null, '', 'Bitcoin', 7]) {
      await refused(invoice._id, { ...ok, paymentMethod }, 400, 'Please select a payment method.');
    }
    await refused(invoice._id, {}, 400, paymentMessages.amount);
    await refused(invoice._id, { payingAmount: 5 }, 400, paymentMessages.date);
    await refused(invoice._id, { payingAmount: 5, paymentDate: '2026-11-23' }, 400, paymentMessages.method);
    await refused(invoice._id, { ...ok, note: 'x'.repeat(301) }, 400, 'Note must be at most 300 characters.');
    for (const body of [null, [], 'text', 42]) await refused(invoice._id, body, 400, 'The request body must be a JSON object.');
  });

  it('a negative amount is a correction: Staff 403; Manager and Admin with a reason, not without', async () => {
    const invoice = await sell(w, { date: '2026-11-04T09:00:00.000Z', total: 1000, paid: 1000 });
    const correction = { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: -400, note: 'Cash counted twice' };
    await refused(invoice._id, correction, 403, paymentMessages.correctionRole, w.staff);
    await refused(invoice._id, { ...correction, note: '' }, 403, paymentMessages.correctionRole, w.staff);
    await refused(invoice._id, { ...correction, note: '   ' }, 400, paymentMessages.correctionReason, w.manager);
    await refused(invoice._id, { ...correction, note: undefined }, 400, paymentMessages.correctionReason, w.admin);
    const byManager = await record(invoice._id, correction, w.manager);
    expect(byManager.status, byManager.json.message).toBe(200);
    expect(byManager.json.invoice).toMatchObject({ paidAmount: 600, due: 400, status: 'Due' });
    expect(byManager.json.invoice.paymentHistory.map((payment: Json) => [payment.amount, payment.note])).toEqual([
      [1000, ''],
      [-400, 'Cash counted twice'],
    ]);
    // Back on the due list, then paid again by Staff.
    expect(((await w.server.call('GET', `/api/sales/due-invoices?invoiceNo=${invoice.invoiceNo}`, w.staff)).json as unknown as Json[]).map((row) => row.due)).toEqual([400]);
    const byAdmin = await record(invoice._id, { ...correction, payingAmount: -100, note: 'Wrong till' }, w.admin);
    expect(byAdmin.json.invoice).toMatchObject({ paidAmount: 500, due: 500, status: 'Due' });
    const again = await record(invoice._id, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 500 });
    expect(again.json.invoice).toMatchObject({ paidAmount: 1000, due: 0, status: 'Paid' });
  });

  it("allows the spec's overpay, and paying an invoice already settled (the screen asks first)", async () => {
    const invoice = await sell(w, { date: '2026-11-05T09:00:00.000Z', total: 1000, paid: 600 });
    const over = await record(invoice._id, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 1000 });
    expect(over.status).toBe(200);
    expect(over.json.invoice).toMatchObject({ total: 1000, paidAmount: 1600, due: 0, change: 600, status: 'Paid' });
    const settled = await record(invoice._id, { paymentDate: '2026-11-23', paymentMethod: 'Card', payingAmount: 50 });
    expect(settled.status).toBe(200);
    expect(settled.json.invoice).toMatchObject({ paidAmount: 1650, due: 0, status: 'Paid' });
    // The overpayment is this invoice's, never credit on another.
    const other = await sell(w, { date: '2026-11-06T09:00:00.000Z', total: 300, paid: 0 });
    expect((await w.server.call('GET', `/api/sales/sales-invoices/${other._id}`, w.staff)).json.invoice).toMatchObject({ paidAmount: 0, due: 300, status: 'Due' });
  });

  it('change given back is not income: the payment is the due, the tendered cash is kept beside it', async () => {
    // Rs. 6,000 handed over on a due of Rs. 4,950 with change given: the shop keeps 4,950.
    const invoice = await sell(w, { date: '2026-11-05T09:00:00.000Z', total: 16950, paid: 12000 });
    const paid = await record(invoice._id, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 4950, tenderedAmount: 6000 });
    expect(paid.status).toBe(200);
    expect(paid.json.invoice).toMatchObject({ total: 16950, paidAmount: 16950, due: 0, change: 1050, status: 'Paid' });
    const [row] = await rowsOf(w.server, 'SELECT amountCents, tenderedCents FROM payments WHERE invoiceId = ? ORDER BY createdAt DESC LIMIT 1', invoice._id);
    expect(row).toEqual({ amountCents: 495_000, tenderedCents: 600_000 });
    // Handed over less than the payment is refused, and changes nothing.
    const other = await sell(w, { date: '2026-11-05T09:00:00.000Z', total: 1000, paid: 0 });
    await refused(other._id, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 500, tenderedAmount: 400 }, 400, paymentMessages.tendered);
    expect(await countRows(w.server.db, 'payments', `invoiceId = '${other._id}'`)).toBe(0);
  });

  it('answers 404 for an invoice that does not exist, 409 for a payment id already used, 401 without a session', async () => {
    await refused(randomUUID(), { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 10 }, 404, 'Invoice not found.');
    const invoice = await sell(w, { date: '2026-11-07T09:00:00.000Z', total: 1000, paid: 0 });
    const id = randomUUID();
    expect((await record(invoice._id, { id, paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 10 })).status).toBe(200);
    await refused(invoice._id, { id, paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 10 }, 409, 'This payment id is already used.');
    expect((await record(invoice._id, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 10 }, null as unknown as string)).status).toBe(401);
  });

  it('is exactly once under a lost answer: the same Idempotency-Key twice is one payment and one answer', async () => {
    const invoice = await sell(w, { date: '2026-11-08T09:00:00.000Z', total: 1000, paid: 0 });
    const key = `pay-${randomUUID()}`;
    const body = { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 250 };
    const first = await record(invoice._id, body, w.staff, { 'Idempotency-Key': key });
    const second = await record(invoice._id, body, w.staff, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await countRows(w.server.db, 'payments', `invoiceId = '${invoice._id}'`)).toBe(1);
    expect(second.json.invoice).toMatchObject({ paidAmount: 250, due: 750 });
    // The key is this user's and this operation's: another user, or a bulk payment under it, is a 409.
    expect((await record(invoice._id, body, w.manager, { 'Idempotency-Key': key })).status).toBe(409);
    const bulk = await w.server.call(
      'POST',
      '/api/sales/bulk-payments',
      w.staff,
      { customerId: w.sunil, paymentDate: '2026-11-23', paymentMethod: 'Cash', amount: 1 },
      { 'Idempotency-Key': key },
    );
    expect(bulk.status).toBe(409);
    expect(await countRows(w.server.db, 'payments', `invoiceId = '${invoice._id}'`)).toBe(1);
  });
});

describe('bulk payments: POST /api/sales/bulk-payments', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.server.close());
  afterEach(async () => expectStandingsKept(w.server));

  const bulk = async (body: unknown, token = w.staff, headers?: Record<string, string>) => w.server.call('POST', '/api/sales/bulk-payments', token, body, headers);
  const body = (overrides: Json = {}) => ({ customerId: w.sunil, paymentDate: '2026-11-23', paymentMethod: 'Cash', amount: 1000, note: 'Paid at the counter', ...overrides });
  const dueOf = async (id: string) => (await w.server.call('GET', `/api/sales/sales-invoices/${id}`, w.staff)).json.invoice as Json;

  it('allocates oldest first, each min(its due, what remains), all in one operation; the remainder is told, not applied', async () => {
    const newest = await sell(w, { date: '2026-11-20T10:00:00.000Z', total: 700, paid: 0 });
    const oldest = await sell(w, { date: '2026-10-01T10:00:00.000Z', total: 500, paid: 200 });
    const middle = await sell(w, { date: '2026-11-01T10:00:00.000Z', total: 400, paid: 0 });
    await sell(w, { date: '2026-09-01T10:00:00.000Z', total: 100, paid: 100 }); // paid: nothing applied
    const nimals = await sell(w, { date: '2026-08-01T10:00:00.000Z', total: 900, paid: 0, customerId: w.nimal });
    const versionBefore = (await rowsOf(w.server, "SELECT value FROM counters WHERE name = 'version'"))[0]!.value as number;

    const response = await bulk(body({ amount: 1500 }));
    expect(response.status, response.json.message).toBe(200);
    expect(response.json).toMatchObject({
      success: true,
      message: 'Bulk payment applied. Rs. 1,400.00 allocated.',
      appliedAmount: 1400,
      remainder: 100,
      reference: 'Allocations: 3',
      allocations: [
        { invoiceId: oldest._id, invoiceNo: oldest.invoiceNo, amount: 300 },
        { invoiceId: middle._id, invoiceNo: middle.invoiceNo, amount: 400 },
        { invoiceId: newest._id, invoiceNo: newest.invoiceNo, amount: 700 },
      ],
    });
    for (const invoice of [oldest, middle, newest]) expect(await dueOf(invoice._id)).toMatchObject({ due: 0, status: 'Paid' });
    expect(await dueOf(nimals._id)).toMatchObject({ paidAmount: 0, due: 900 });
    // One payment per allocation, one bulk id, one version for all of it.
    const written = await rowsOf(
      w.server,
      'SELECT invoiceId, amountCents, method, date, note, bulkId, version FROM payments WHERE bulkId = ? ORDER BY amountCents',
      response.json.bulkId,
    );
    expect(written.map((row) => [row.invoiceId, row.amountCents, row.method, row.date, row.note])).toEqual([
      [oldest._id, 30000, 'Cash', '2026-11-23', 'Paid at the counter'],
      [middle._id, 40000, 'Cash', '2026-11-23', 'Paid at the counter'],
      [newest._id, 70000, 'Cash', '2026-11-23', 'Paid at the counter'],
    ]);
    expect(new Set(written.map((row) => row.version))).toEqual(new Set([versionBefore + 1]));
    expect((await w.server.call('GET', `/api/sales/due-summary?customerId=${w.sunil}`, w.staff)).json.dueAmount).toBe(0);
  });

  it('an amount below what is owed pays the oldest in full and part of the next; nothing remains', async () => {
    const a = await sell(w, { date: '2026-10-05T10:00:00.000Z', total: 1000, paid: 0 });
    const b = await sell(w, { date: '2026-10-06T10:00:00.000Z', total: 1000, paid: 0 });
    const response = await bulk(body({ amount: '1250.50', paymentMethod: 'mobile' }));
    expect(response.status, response.json.message).toBe(200);
    expect(response.json).toMatchObject({ appliedAmount: 1250.5, remainder: 0, reference: 'Allocations: 2', message: 'Bulk payment applied. Rs. 1,250.50 allocated.' });
    expect(await dueOf(a._id)).toMatchObject({ due: 0, status: 'Paid' });
    expect(await dueOf(b._id)).toMatchObject({ paidAmount: 250.5, due: 749.5, status: 'Due' });
    expect(await rowsOf(w.server, 'SELECT DISTINCT method FROM payments WHERE bulkId = ?', response.json.bulkId)).toEqual([{ method: 'Mobile' }]);
    // Settle the rest for the next cases.
    expect((await bulk(body({ amount: 749.5 }))).json).toMatchObject({ appliedAmount: 749.5, remainder: 0 });
  });

  it("refuses when nothing applies, an amount that is not positive, no customer, an unknown customer: the spec's words, nothing written", async () => {
    const refusedWith = async (sent: unknown, status: number, message: string) => {
      const before = await footprint(w.server);
      const response = await bulk(sent);
      expect(response.status, JSON.stringify(response.json)).toBe(status);
      expect(response.json).toEqual({ success: false, message });
      expect(await footprint(w.server)).toEqual(before);
    };
    await refusedWith(body(), 400, paymentMessages.nothingToApply); // Sunil owes nothing now
    expect(paymentMessages.nothingToApply).toMatch(/^Nothing to apply: /);
    await sell(w, { date: '2026-10-07T10:00:00.000Z', total: 100, paid: 0 });
    for (const amount of [0, -5, '', 'abc', null]) await refusedWith(body({ amount }), 400, paymentMessages.amount);
    await refusedWith(body({ paymentDate: '' }), 400, paymentMessages.date);
    await refusedWith(body({ paymentMethod: 'Bitcoin' }), 400, paymentMessages.method);
    await refusedWith(body({ customerId: '' }), 400, 'No customer selected');
    await refusedWith(body({ customerId: randomUUID() }), 404, 'Customer not found.');
    await refusedWith(null, 400, 'The request body must be a JSON object.');
    // One name per method (issue 47): the spec's bulk 'Bank' is recorded as Bank Transfer.
    expect((await bulk(body({ amount: 100, paymentMethod: 'Bank' }))).status).toBe(200);
    expect(await rowsOf(w.server, 'SELECT method FROM payments WHERE bulkId IS NOT NULL ORDER BY rowid DESC LIMIT 1')).toEqual([{ method: 'Bank Transfer' }]);
  });

  it('is exactly once under a lost answer: the same Idempotency-Key answers the first allocation again', async () => {
    const invoice = await sell(w, { date: '2026-10-08T10:00:00.000Z', total: 600, paid: 0 });
    const key = `bulk-${randomUUID()}`;
    const first = await bulk(body({ amount: 600 }), w.staff, { 'Idempotency-Key': key });
    expect(first.status, first.json.message).toBe(200);
    const second = await bulk(body({ amount: 600 }), w.staff, { 'Idempotency-Key': key });
    expect(second.json).toEqual(first.json); // not 'Nothing to apply' although the invoice is paid now
    expect(await countRows(w.server.db, 'payments', `invoiceId = '${invoice._id}'`)).toBe(1);
    expect((await bulk(body({ amount: 600 }), w.staff, { 'Idempotency-Key': 'short' })).status).toBe(400);
  });

  it("the spec's own sequence works too: the due summary, then one record-payment per allocation, each under its own key, retried whole after a lost answer", async () => {
    const customer = (await w.server.call('POST', '/api/customers', w.admin, customerBody('Kamal Silva', '0753333333'))).json.customer._id as string;
    const first = await sell(w, { date: '2026-10-10T10:00:00.000Z', total: 1200, paid: 200, customerId: customer });
    const second = await sell(w, { date: '2026-10-12T10:00:00.000Z', total: 800, paid: 0, customerId: customer });
    const third = await sell(w, { date: '2026-10-15T10:00:00.000Z', total: 500, paid: 0, customerId: customer });
    const summary = (await w.server.call('GET', '/api/sales/due-summary?customerName=kamal%20silva&details=true', w.staff)).json;
    expect(summary.dueAmount).toBe(2300);
    expect(summary.invoices.map((invoice: Json) => [invoice.invoiceId, invoice.due])).toEqual([
      [first._id, 1000],
      [second._id, 800],
      [third._id, 500],
    ]);
    // The client's allocation of 1500 (spec 4), sent as it says: sequentially, one call per invoice.
    let remaining = 1500;
    const calls: { invoiceId: string; amount: number; key: string }[] = [];
    for (const invoice of summary.invoices as Json[]) {
      const amount = Math.min(invoice.due, remaining);
      if (amount <= 0) continue;
      remaining -= amount;
      calls.push({ invoiceId: invoice.invoiceId, amount, key: `seq-${randomUUID()}` });
    }
    const send = async () => {
      for (const call of calls) {
        const response = await w.server.call(
          'PUT',
          `/api/sales/due-invoices/${call.invoiceId}/record-payment`,
          w.staff,
          { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: call.amount, note: 'Bulk payment' },
          { 'Idempotency-Key': call.key },
        );
        expect(response.status, response.json.message).toBe(200);
        expect(response.json.message).toBe('Payment recorded successfully!');
      }
    };
    await send();
    await send(); // the answers were lost: the whole sequence again, under the same keys
    expect(await countRows(w.server.db, 'payments', `customerId = '${customer}'`)).toBe(1 + 2);
    expect(await dueOf(first._id)).toMatchObject({ due: 0, status: 'Paid' });
    expect(await dueOf(second._id)).toMatchObject({ paidAmount: 500, due: 300, status: 'Due' });
    expect(await dueOf(third._id)).toMatchObject({ due: 500 });
    // The server's own allocation of what is left agrees with the spec's rule.
    const rest = await bulk({ customerId: customer, paymentDate: '2026-11-23', paymentMethod: 'Cash', amount: 1000 });
    expect(rest.json).toMatchObject({
      appliedAmount: 800,
      remainder: 200,
      allocations: [
        { invoiceId: second._id, amount: 300 },
        { invoiceId: third._id, amount: 500 },
      ],
    });
  });
});

describe('payments pushed by devices', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.server.close());
  afterEach(async () => expectStandingsKept(w.server));

  const push = async (token: string, mutations: Json[], clientId = 'device-1') => {
    const response = await w.server.call('POST', '/api/sync/push', token, { clientId, mutations });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return response.json.results as Json[];
  };
  const bulkArgs = (customerId: string, allocations: { invoiceId: string; amount: number; paymentId?: string }[], amount = allocations.reduce((sum, a) => sum + a.amount, 0)) => ({
    id: randomUUID(),
    customerId,
    date: '2026-11-23',
    method: 'Cash',
    amount,
    note: '',
    allocations: allocations.map((allocation) => ({ paymentId: allocation.paymentId ?? randomUUID(), invoiceId: allocation.invoiceId, amount: allocation.amount })),
  });

  it('a bulk payment with one bad allocation writes nothing at all: no payment, every invoice as it was', async () => {
    const a = await sell(w, { date: '2026-10-01T10:00:00.000Z', total: 1000, paid: 0 });
    const b = await sell(w, { date: '2026-10-02T10:00:00.000Z', total: 1000, paid: 0 });
    const nimals = await sell(w, { date: '2026-10-03T10:00:00.000Z', total: 1000, paid: 0, customerId: w.nimal });
    const gone = await sell(w, { date: '2026-10-04T10:00:00.000Z', total: 1000, paid: 0 });
    await w.server.db.$client.prepare('UPDATE invoices SET deleted = 1 WHERE id = ?').run(gone._id); // a deleted invoice
    const usedPayment = a.paymentHistory[0]?._id ?? (await sell(w, { date: '2026-10-05T10:00:00.000Z', total: 10, paid: 10 })).paymentHistory[0]._id;

    // (An invoice the server holds no row for is not refused: the payment reached it before its sale,
    // payment-before-invoice.test.ts.)
    const cases: [string, Json, number, RegExp][] = [
      [
        "another customer's invoice",
        bulkArgs(w.sunil, [
          { invoiceId: a._id, amount: 500 },
          { invoiceId: b._id, amount: 500 },
          { invoiceId: nimals._id, amount: 100 },
        ]),
        400,
        /is not this customer's/,
      ],
      [
        'a deleted invoice',
        bulkArgs(w.sunil, [
          { invoiceId: a._id, amount: 500 },
          { invoiceId: gone._id, amount: 100 },
        ]),
        404,
        /Invoice not found/,
      ],
      [
        'one invoice twice',
        bulkArgs(w.sunil, [
          { invoiceId: a._id, amount: 500 },
          { invoiceId: a._id, amount: 100 },
        ]),
        400,
        /allocated twice/,
      ],
      [
        'a payment id already used',
        bulkArgs(w.sunil, [
          { invoiceId: a._id, amount: 500 },
          { invoiceId: b._id, amount: 100, paymentId: usedPayment },
        ]),
        409,
        /already used/,
      ],
      [
        'allocations over the amount',
        bulkArgs(
          w.sunil,
          [
            { invoiceId: a._id, amount: 500 },
            { invoiceId: b._id, amount: 600 },
          ],
          1000,
        ),
        400,
        /more than the amount/,
      ],
    ];
    for (const [label, args, status, message] of cases) {
      const before = await footprint(w.server);
      const [result] = await push(w.staff, [pushEntry('recordBulkPayment', args)]);
      expect(result, label).toMatchObject({ status: 'rejected', httpStatus: status });
      expect(result!.message, label).toMatch(message);
      expect(await footprint(w.server), label).toEqual(before);
      // The rejection gives the device the server's invoices to take its optimistic rows back to.
      expect(result!.current.find((state: Json) => state.table === 'invoices' && state.id === a._id)?.row).toMatchObject({ paidCents: 0, dueCents: 100000, status: 'Due' });
    }
    // The same allocations without the bad one: all of them, at one version.
    const [applied] = await push(w.staff, [
      pushEntry(
        'recordBulkPayment',
        bulkArgs(w.sunil, [
          { invoiceId: a._id, amount: 1000 },
          { invoiceId: b._id, amount: 250 },
        ]),
      ),
    ]);
    expect(applied).toMatchObject({ status: 'applied' });
    const rows = await rowsOf(w.server, 'SELECT id, paidCents, dueCents, status, version FROM invoices WHERE id IN (?, ?) ORDER BY date', a._id, b._id);
    expect(rows.map((row) => [row.paidCents, row.dueCents, row.status])).toEqual([
      [100000, 0, 'Paid'],
      [25000, 75000, 'Due'],
    ]);
    expect(rows[0]!.version).toBe(rows[1]!.version);
    expect(String(applied!.at).split(':')[0]).toBe(String(rows[0]!.version));
  });

  it('the same push mutation twice (in one batch, and again after a lost answer) is one payment', async () => {
    const invoice = await sell(w, { date: '2026-10-06T10:00:00.000Z', total: 1000, paid: 0 });
    const entry = pushEntry('recordPayment', { id: randomUUID(), invoiceId: invoice._id, date: '2026-11-23', method: 'Cash', amount: 400, note: '' });
    const results = await push(w.staff, [entry, entry]);
    expect(results.map((result) => result.status)).toEqual(['applied', 'applied']);
    const again = await push(w.staff, [entry]);
    expect(again[0]).toMatchObject({ status: 'applied', at: results[0]!.at });
    expect(await countRows(w.server.db, 'payments', `invoiceId = '${invoice._id}'`)).toBe(1);
    const bulkEntry = pushEntry('recordBulkPayment', bulkArgs(w.sunil, [{ invoiceId: invoice._id, amount: 100 }]));
    await push(w.staff, [bulkEntry]);
    await push(w.staff, [bulkEntry]);
    expect(await countRows(w.server.db, 'payments', `invoiceId = '${invoice._id}'`)).toBe(2);
    expect((await w.server.call('GET', `/api/sales/sales-invoices/${invoice._id}`, w.staff)).json.invoice).toMatchObject({ paidAmount: 500, due: 500, status: 'Due' });
  });

  it('two devices paying one invoice offline both count: the overpayment shows (paid over the total, due 0, Paid)', async () => {
    const invoice = await sell(w, { date: '2026-10-07T10:00:00.000Z', total: 1500, paid: 500 });
    // Each device saw a due of 1000 and took it.
    const [counter] = await push(
      w.staff,
      [pushEntry('recordPayment', { id: randomUUID(), invoiceId: invoice._id, date: '2026-11-22', method: 'Cash', amount: 1000, note: '' })],
      'counter-pc',
    );
    const [tablet] = await push(
      w.manager,
      [pushEntry('recordPayment', { id: randomUUID(), invoiceId: invoice._id, date: '2026-11-23', method: 'Card', amount: 1000, note: '' })],
      'tablet-1',
    );
    expect([counter!.status, tablet!.status]).toEqual(['applied', 'applied']);
    const shown = (await w.server.call('GET', `/api/sales/sales-invoices/${invoice._id}`, w.staff)).json.invoice;
    expect(shown).toMatchObject({ total: 1500, paidAmount: 2500, due: 0, change: 1000, status: 'Paid' });
    expect(shown.paymentHistory.map((payment: Json) => payment.amount)).toEqual([500, 1000, 1000]);
    expect((await w.server.call('GET', `/api/sales/due-invoices?invoiceNo=${invoice.invoiceNo}`, w.staff)).json).toEqual([]);
    // A Manager then corrects it with a reason; the invoice is exactly paid.
    const fixed = await w.server.call('PUT', `/api/sales/due-invoices/${invoice._id}/record-payment`, w.manager, {
      paymentDate: '2026-11-23',
      paymentMethod: 'Card',
      payingAmount: -1000,
      note: 'Refunded: paid twice on two devices',
    });
    expect(fixed.json.invoice).toMatchObject({ paidAmount: 1500, due: 0, status: 'Paid' });
    expect(fixed.json.invoice.change).toBeUndefined();
  });

  it('a pushed correction follows the same rule: Staff 403, Manager without a reason 400, nothing written', async () => {
    const invoice = await sell(w, { date: '2026-10-08T10:00:00.000Z', total: 100, paid: 100 });
    const before = await footprint(w.server);
    const args = { id: randomUUID(), invoiceId: invoice._id, date: '2026-11-23', method: 'Cash', amount: -10, note: 'Wrong' };
    expect((await push(w.staff, [pushEntry('recordPayment', args)]))[0]).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect((await push(w.manager, [pushEntry('recordPayment', { ...args, note: '' })]))[0]).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      message: paymentMessages.correctionReason,
    });
    expect(await footprint(w.server)).toEqual(before);
  });
});

describe('every read agrees with the stored standing', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.server.close());

  it('the invoice list, the due list and the due summary, after a mix of sales, payments, corrections and bulk payments', async () => {
    const invoices: Json[] = [];
    for (let i = 0; i < 12; i++) {
      invoices.push(
        await sell(w, {
          date: `2026-10-${String(10 + i).padStart(2, '0')}T10:00:00.000Z`,
          total: 100 * (i + 1),
          paid: i % 3 === 0 ? 100 * (i + 1) : i % 3 === 1 ? 50 : 0,
          customerId: i % 4 === 0 ? w.nimal : w.sunil,
        }),
      );
    }
    const pay = async (id: string, amount: number, token = w.staff, note = '') =>
      w.server.call('PUT', `/api/sales/due-invoices/${id}/record-payment`, token, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: amount, note });
    expect((await pay(invoices[1]!._id, 150)).status).toBe(200);
    expect((await pay(invoices[2]!._id, 5000)).status).toBe(200); // overpaid
    expect((await pay(invoices[3]!._id, -100, w.manager, 'Bounced cheque')).status).toBe(200);
    expect((await w.server.call('POST', '/api/sales/bulk-payments', w.staff, { customerId: w.sunil, paymentDate: '2026-11-23', paymentMethod: 'Cash', amount: 1234 })).status).toBe(
      200,
    );
    await expectStandingsKept(w.server);

    const stored = new Map((await rowsOf(w.server, 'SELECT id, paidCents, dueCents, status FROM invoices')).map((row) => [row.id, row]));
    const listed = (await w.server.call('GET', '/api/sales/sales-invoices?limit=500', w.staff)).json.invoices as Json[];
    expect(listed).toHaveLength(12);
    for (const invoice of listed) {
      const row = stored.get(invoice._id)!;
      expect([invoice.paidAmount, invoice.due, invoice.status], invoice.invoiceNo).toEqual([row.paidCents / 100, row.dueCents / 100, row.status]);
      const history = invoice.paymentHistory.reduce((sum: number, payment: Json) => sum + Math.round(payment.amount * 100), 0);
      expect(history, invoice.invoiceNo).toBe(row.paidCents);
    }
    const due = (await w.server.call('GET', '/api/sales/due-invoices', w.staff)).json as unknown as Json[];
    expect(due.map((invoice) => invoice._id).sort()).toEqual(
      listed
        .filter((invoice) => invoice.status === 'Due')
        .map((invoice) => invoice._id)
        .sort(),
    );
    for (const invoice of due) expect(invoice.due).toBe(stored.get(invoice._id)!.dueCents / 100);
    for (const customerId of [w.sunil, w.nimal]) {
      const owed = listed.filter((invoice) => invoice.customerId === customerId).reduce((sum, invoice) => sum + Math.round(invoice.due * 100), 0);
      expect((await w.server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, w.staff)).json.dueAmount).toBe(owed / 100);
    }
  });
});

describe('migration 0005 computes the standing of invoices written before it', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  /** The migrations folder as release 0004 shipped it. */
  function migrationsUpTo(dir: string, last: number): string {
    const folder = join(dir, `drizzle-${last}`);
    mkdirSync(join(folder, 'meta'), { recursive: true });
    const source = join(projectRoot(), 'server', 'drizzle');
    const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    const entries = journal.entries.filter((entry) => entry.idx <= last);
    for (const entry of entries) cpSync(join(source, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    return folder;
  }

  it('paid, due and status from every payment: unpaid, part paid, paid, overpaid, nothing owed; then the due list and a payment work on them', async () => {
    const dir = makeTempDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'garage.sqlite');
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: migrationsUpTo(dir, 4) });
    expect(await old.prepare(`SELECT COUNT(*) AS n FROM pragma_table_info('invoices') WHERE name = 'dueCents'`).get()).toEqual({ n: 0 });
    const at = '2026-11-01T08:00:00.000Z';
    const invoice = old.prepare(
      `INSERT INTO invoices (id, version, deleted, updatedAt, invoiceNo, date, customerId, customerName, grossCents, discountCents, subTotalCents, taxCents, totalCents, soldById, soldBy, createdAt)
       VALUES (?, 1, 0, ?, ?, ?, 'c-1', 'Old Customer', ?, 0, ?, 0, ?, 'u-1', 'Old Cashier', ?)`,
    );
    const payment = old.prepare(
      `INSERT INTO payments (id, version, deleted, updatedAt, invoiceId, customerId, amountCents, tenderedCents, method, date, userId, userName, createdAt)
       VALUES (?, 1, 0, ?, ?, 'c-1', ?, ?, 'Cash', ?, 'u-1', 'Old Cashier', ?)`,
    );
    const cases: [string, number, number[]][] = [
      ['unpaid', 50000, []],
      ['part', 50000, [10000, 15050]],
      ['paid', 30000, [30000]],
      ['over', 30000, [20000, 20000]],
      ['corrected', 30000, [30000, -5000]],
      ['zero', 0, []],
    ];
    cases.forEach(([id, total, amounts], n) => {
      invoice.run(id, at, `INV-OLD-${n}`, `2026-10-0${n + 1}T10:00:00.000Z`, total, total, total, at);
      amounts.forEach((amount, k) => payment.run(`${id}-p${k}`, at, id, amount, Math.max(amount, 0), at, at));
    });
    old.prepare(`INSERT INTO counters (name, value) VALUES ('version', 1)`).run();
    old.close();

    const server = await makeTestServer({ dir });
    cleanups.push(() => server.close());
    const standing = await rowsOf(server, 'SELECT id, paidCents, dueCents, status FROM invoices ORDER BY date');
    expect(standing).toEqual([
      { id: 'unpaid', paidCents: 0, dueCents: 50000, status: 'Due' },
      { id: 'part', paidCents: 25050, dueCents: 24950, status: 'Due' },
      { id: 'paid', paidCents: 30000, dueCents: 0, status: 'Paid' },
      { id: 'over', paidCents: 40000, dueCents: 0, status: 'Paid' },
      { id: 'corrected', paidCents: 25000, dueCents: 5000, status: 'Due' },
      { id: 'zero', paidCents: 0, dueCents: 0, status: 'Paid' },
    ]);
    await expectStandingsKept(server);
    const staff = (await server.userWithRole('Staff')).token;
    const due = (await server.call('GET', '/api/sales/due-invoices', staff)).json as unknown as Json[];
    expect(due.map((row) => [row._id, row.due, row.paymentHistory.length])).toEqual([
      ['unpaid', 500, 0],
      ['part', 249.5, 2],
      ['corrected', 50, 2],
    ]);
    const paid = await server.call('PUT', '/api/sales/due-invoices/part/record-payment', staff, { paymentDate: '2026-11-23', paymentMethod: 'Cash', payingAmount: 249.5 });
    expect(paid.status, paid.json.message).toBe(200);
    expect(paid.json.invoice).toMatchObject({ paidAmount: 500, due: 0, status: 'Paid' });
    await expectStandingsKept(server);
  });
});
