/**
 * Issue 24, point 10: a sale's or payment's date is a real calendar date ('2025-02-30' is refused,
 * not read as 2 March, on sales and payments alike), and lies within a year back and a day ahead
 * of the server's time (decisions.md, Sale and payment dates), over REST and in a push.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { dateWindowMessages } from '@shared/domain/date-window';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { paymentMessages } from '@shared/schemas/payment';
import { customerBody, itemBody, openJobBody, saleBody as newSaleBody, saleLine } from '../../tests/factories';

let server: TestServer;
let admin: string;
let customerId: string;
let itemId: string;
let invoiceId: string;
let deviceCode: string;
const clientId = 'device-dates-1';

const dayMs = 24 * 60 * 60 * 1000;
const instant = (days: number) => new Date(Date.now() + days * dayMs).toISOString();
const day = (days: number) => instant(days).slice(0, 10);

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  const post = async (path: string, body: Json) => postOk(server, admin, path, body);
  const categoryId = (await post('/api/categories', { name: 'Brakes' })).category._id;
  customerId = (await post('/api/customers', customerBody('Nimal Perera', '0771234567', 'CAB-1234'))).customer._id;
  itemId = (await post('/api/items', itemBody(categoryId, { itemName: 'Brake pad', barcode: 'BP-1', unitPrice: 1000, stockQuantity: 100 }))).item._id;
  invoiceId = (await post('/api/sales/sales-invoices', saleBody(instant(0), { paidAmount: 0, paymentMethod: 'Credit' }))).invoice._id;
  deviceCode = (await post('/api/sync/device', { clientId })).code;
});
afterAll(() => server.close());

/** A brake pad at 1,000 paid in cash, on `date`. */
const saleBody = (date: unknown, overrides: Json = {}) => newSaleBody(customerId, [saleLine('Brake pad', 1000, { itemId })], { date, ...overrides });

const synced = ['invoices', 'invoice_lines', 'payments', 'stock_movements', 'job_cards'];
const footprint = () => synced.map(async (table) => [table, await countRows(server.db, table)]);

async function refused(method: string, path: string, body: Json, message: string) {
  const before = footprint();
  const response = await server.call(method, path, admin, body);
  expect(response.status, JSON.stringify(response.json)).toBe(400);
  expect(response.json).toEqual({ success: false, message });
  expect(footprint()).toEqual(before);
}

async function taken(method: string, path: string, body: Json) {
  const response = await server.call(method, path, admin, body);
  expect(response.status, JSON.stringify(response.json)).toBeLessThan(300);
  return response.json;
}

const paymentPath = () => `/api/sales/due-invoices/${invoiceId}/record-payment`;
const paymentBody = (paymentDate: unknown): Json => ({ paymentDate, paymentMethod: 'Cash', payingAmount: 1 });
const bulkBody = (paymentDate: unknown): Json => ({ customerId, paymentDate, paymentMethod: 'Cash', amount: 1 });

describe('calendar dates are read strictly', () => {
  const impossible = ['2025-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-11-00', '2026-11-23T24:00:00Z', '2026-11-23T10:60:00Z', '2026-11-23 garbage'];

  it.each(impossible)('a sale dated %s is refused', async (date) => {
    await refused('POST', '/api/sales/sales-invoices', saleBody(date), 'The invoice date must be a date.');
  });

  it.each(impossible)('a payment dated %s is refused', async (date) => {
    await refused('PUT', paymentPath(), paymentBody(date), paymentMessages.date);
  });

  it.each(impossible)('a bulk payment dated %s is refused', async (date) => {
    await refused('POST', '/api/sales/bulk-payments', bulkBody(date), paymentMessages.date);
  });

  it('a job card dated in on 30 February is refused', async () => {
    const response = await server.call('POST', '/api/job-cards', admin, openJobBody(customerId, 'CAB-1234', { dateIn: '2026-02-30' }));
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Date in is required.');
  });
});

describe('a sale or payment date lies within a year back and a day ahead of the server', () => {
  it.each([
    ['1970', '1970-01-01T00:00:00.000Z'],
    ['9999', '9999-12-31T00:00:00.000Z'],
    ['a year and two days back', instant(-368)],
    ['two days ahead', instant(2)],
  ])('a sale dated %s is refused', async (_what, date) => {
    await refused('POST', '/api/sales/sales-invoices', saleBody(date), dateWindowMessages.sale);
  });

  it.each([
    ['1970', '1970-01-01'],
    ['9999', '9999-12-31'],
    ['a year and two days back', day(-368)],
    ['three days ahead', day(3)],
  ])('a payment and a bulk payment dated %s are refused', async (_what, date) => {
    await refused('PUT', paymentPath(), paymentBody(date), dateWindowMessages.payment);
    await refused('POST', '/api/sales/bulk-payments', bulkBody(date), dateWindowMessages.payment);
  });

  it.each([
    ['now', instant(0)],
    ['ten days back (a device offline for days)', instant(-10)],
    ['eleven months back', instant(-335)],
    ['twenty hours ahead (a fast clock)', instant(20 / 24)],
  ])('a sale dated %s is taken', async (_what, date) => {
    const json = await taken('POST', '/api/sales/sales-invoices', saleBody(date));
    expect(json.invoice.date).toBe(date);
  });

  it.each([
    ['today', day(0)],
    ['tomorrow (the shop’s day ahead of UTC)', day(1)],
    ['three hundred days back', day(-300)],
  ])('a payment dated %s is taken', async (_what, date) => {
    expect((await taken('PUT', paymentPath(), paymentBody(date))).payment.date).toBe(date);
  });
});

describe('pushed sales and payments', () => {
  let seq = 0; // also numbers the sales' invoices
  let pushOne: ReturnType<typeof devicePusher> | undefined;
  const push = async (name: string, args: Json) => {
    seq += 1;
    pushOne ??= devicePusher(server, admin, clientId);
    return pushOne(name, args);
  };
  const saleArgs = (date: string, n: number): Json => ({
    id: randomUUID(),
    invoiceNo: `INV-${deviceCode}-${String(n).padStart(5, '0')}`,
    date,
    customerId,
    lines: [{ id: randomUUID(), kind: 'item', refId: itemId, name: 'Brake pad', quantity: 1, unitPrice: 1000 }],
    taxRatePercent: 0,
    pricesIncludeTax: false,
    total: 1000,
    payment: { id: randomUUID(), method: 'Cash', tendered: 1000 },
  });

  it('a pushed sale dated 30 February is refused and writes nothing (no device makes that date)', async () => {
    const before = footprint();
    expect(await push('checkoutSale', saleArgs('2025-02-30T10:00:00.000Z', 900 + seq))).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      message: 'The invoice date must be a date.',
    });
    expect(footprint()).toEqual(before);
  });

  // A pushed sale happened at the counter: a clock gone wrong does not lose it (decisions.md, facts stand).
  it.each([
    ['1970', '1970-01-01T00:00:00.000Z'],
    ['9999', '9999-12-31T00:00:00.000Z'],
  ])('a pushed sale dated %s is recorded with its date, not refused, and raised for review', async (_what, date) => {
    const args = saleArgs(date, 900 + seq) as { id: string };
    expect(await push('checkoutSale', args)).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT date, reviewState, reviewReason FROM invoices WHERE id = ?').get(args.id)).toEqual({
      date,
      reviewState: 'open',
      reviewReason: saleReviewReasons.dateOutsideWindow(date),
    });
  });

  it('a pushed sale made offline three days ago is applied, with nothing to review', async () => {
    const args = saleArgs(instant(-3), 950) as { id: string };
    expect(await push('checkoutSale', args)).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT reviewState FROM invoices WHERE id = ?').get(args.id)).toEqual({ reviewState: '' });
  });

  it('a pushed payment dated 30 February is refused', async () => {
    const before = footprint();
    const result = await push('recordPayment', { id: randomUUID(), invoiceId, date: '2025-02-30', method: 'Cash', amount: 1 });
    expect(result).toMatchObject({ status: 'rejected', httpStatus: 400, message: paymentMessages.date });
    expect(footprint()).toEqual(before);
  });

  it('a pushed payment dated 1970 is recorded with its date, not refused, and its invoice raised for review', async () => {
    const id = randomUUID();
    expect(await push('recordPayment', { id, invoiceId, date: '1970-01-01', method: 'Cash', amount: 1 })).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT date, amountCents FROM payments WHERE id = ?').get(id)).toEqual({ date: '1970-01-01', amountCents: 100 });
    const review = async () => await server.db.$client.prepare('SELECT reviewState, reviewReason FROM invoices WHERE id = ?').get(invoiceId);
    expect(await review()).toEqual({ reviewState: 'open', reviewReason: saleReviewReasons.paymentDateOutsideWindow('1970-01-01') });
    // A second such payment says it once; a payment dated today adds nothing.
    expect(await push('recordPayment', { id: randomUUID(), invoiceId, date: '1970-01-01', method: 'Cash', amount: 1 })).toMatchObject({ status: 'applied' });
    expect(await push('recordPayment', { id: randomUUID(), invoiceId, date: instant(0).slice(0, 10), method: 'Cash', amount: 1 })).toMatchObject({ status: 'applied' });
    expect(await review()).toEqual({ reviewState: 'open', reviewReason: saleReviewReasons.paymentDateOutsideWindow('1970-01-01') });
  });
});
