/**
 * Issue 24, point 12: NUL and other control characters, bidirectional overrides and names made
 * only of invisible characters are refused in every name and text field, with a message, and
 * nothing is written. Visible text that needs a zero-width joiner (Sinhala) and line breaks in a
 * multi-line field (an address, a note) are still taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTableNames } from '@shared/entities';
import { randomUUID } from 'node:crypto';
import { countRows, makeTestServer, type Json, type TestServer } from './helpers';
import { customerBody as newCustomerBody, itemBody, jobService, openJobBody, saleBody, saleLine, vehicleBody } from '../../tests/factories';

let server: TestServer;
let admin: string;
let customerId: string;
let categoryId: string;
let itemId: string;
let invoiceId: string;

const customerBody = (overrides: Json = {}) => newCustomerBody('Nimal Perera', '0771234567', 'CAB-1234', overrides);

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  const post = async (path: string, body: Json) => {
    const response = await server.call('POST', path, admin, body);
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json;
  };
  categoryId = (await post('/api/categories', { name: 'Brakes' })).category._id;
  customerId = (await post('/api/customers', customerBody())).customer._id;
  itemId = (await post('/api/items', itemBody(categoryId, { itemName: 'Brake pad', barcode: 'BP-1', unitPrice: 1100 }))).item._id;
  invoiceId = (await post('/api/sales/sales-invoices', saleBody(customerId, [saleLine('Brake pad', 1100, { itemId })], { paidAmount: 0, paymentMethod: 'Credit' }))).invoice._id;
});
afterAll(() => server.close());

const synced = sqlTableNames;
const one = async (sql: string) => await server.db.$client.prepare(sql).pluck().get();
/** What a refused write must leave as it was: every row count, every row's version, the users as they were. */
const footprint = async () => [
  ...synced.map(async (table) => [table, await countRows(server.db, table), await one(`SELECT COALESCE(SUM(version), 0) FROM "${table}"`)]),
  ['users', await countRows(server.db, 'users'), await one('SELECT MAX(updatedAt) FROM users')],
];

/** A write that carries text in one field: where it goes, and its body with that field set to `text`. */
interface TextCase {
  field: string;
  method: string;
  path: () => string;
  body: (text: string) => Json;
  /** The label the message names. */
  label: string;
}

/** A sale body (the spec's) with one text set by `set`. */
function saleWith(set: (body: Json) => void): Json {
  const body: Json = saleBody(customerId, [saleLine('Brake pad', 1100, { itemId })], { customerName: 'Nimal Perera' });
  set(body);
  return body;
}

const cases: TextCase[] = [
  { field: 'category name', method: 'POST', path: () => '/api/categories', body: (name) => ({ name }), label: 'Category name' },
  { field: 'category description', method: 'POST', path: () => '/api/categories', body: (description) => ({ name: 'Filters', description }), label: 'Description' },
  { field: 'customer name', method: 'POST', path: () => '/api/customers', body: (customerName) => customerBody({ customerName }), label: 'Customer Name' },
  { field: 'customer city', method: 'POST', path: () => '/api/customers', body: (city) => customerBody({ city }), label: 'City' },
  { field: 'customer address', method: 'POST', path: () => '/api/customers', body: (address) => customerBody({ address }), label: 'Address' },
  { field: 'customer email', method: 'POST', path: () => '/api/customers', body: (text) => customerBody({ email: `ni${text}mal@mail.lk` }), label: 'Email' },
  {
    field: 'vehicle plate',
    method: 'POST',
    path: () => '/api/customers',
    body: (licensePlate) => customerBody({ vehicles: [vehicleBody({ licensePlate })] }),
    label: 'Vehicle license plate',
  },
  { field: 'customer name on edit', method: 'PUT', path: () => `/api/customers/${customerId}`, body: (customerName) => ({ customerName }), label: 'Customer Name' },
  {
    field: 'item name',
    method: 'POST',
    path: () => '/api/items',
    body: (itemName) => itemBody(categoryId, { itemName, barcode: 'BP-2' }),
    label: 'Item Name',
  },
  {
    field: 'item barcode',
    method: 'POST',
    path: () => '/api/items',
    body: (barcode) => itemBody(categoryId, { itemName: 'Disc', barcode }),
    label: 'Barcode',
  },
  { field: 'item name on edit', method: 'PUT', path: () => `/api/items/${itemId}`, body: (itemName) => ({ itemName }), label: 'Item Name' },
  { field: 'quick item name', method: 'POST', path: () => '/api/items/quick', body: (itemName) => ({ itemName, unitPrice: 10 }), label: 'Item Name' },
  { field: 'service name', method: 'POST', path: () => '/api/services', body: (name) => ({ name, price: 100 }), label: 'Service name' },
  {
    field: 'company name',
    method: 'PUT',
    path: () => '/api/company',
    body: (name) => ({ name, email: 'office@lanka.lk', phone: '011', address: 'Galle Road' }),
    label: 'Company Name',
  },
  {
    field: 'company footer',
    method: 'PUT',
    path: () => '/api/company',
    body: (footer) => ({ name: 'Lanka Motors', email: 'office@lanka.lk', phone: '011', address: 'Galle Road', footer }),
    label: 'Footer Message',
  },
  {
    field: 'job notes',
    method: 'POST',
    path: () => '/api/job-cards',
    body: (notes) => openJobBody(customerId, 'CAB-1234', { notes }),
    label: 'Notes',
  },
  {
    field: 'job plate',
    method: 'POST',
    path: () => '/api/job-cards',
    body: (vehicleLicensePlate) => openJobBody(customerId, vehicleLicensePlate),
    label: 'Vehicle reg number',
  },
  {
    field: 'job line name',
    method: 'POST',
    path: () => '/api/job-cards',
    body: (name) => openJobBody(customerId, 'CAB-1234', { jobServices: [jobService(name, 100)] }),
    label: 'The line’s name',
  },
  {
    field: 'sale line name',
    method: 'POST',
    path: () => '/api/sales/sales-invoices',
    body: (text) => saleWith((body) => (body.items[0].itemName = text)),
    label: 'The line’s name',
  },
  { field: 'sale customer name', method: 'POST', path: () => '/api/sales/sales-invoices', body: (text) => saleWith((body) => (body.customerName = text)), label: 'Customer name' },
  {
    field: 'payment note',
    method: 'PUT',
    path: () => `/api/sales/due-invoices/${invoiceId}/record-payment`,
    body: (note) => ({ paymentDate: new Date().toISOString().slice(0, 10), paymentMethod: 'Cash', payingAmount: 100, note }),
    label: 'Note',
  },
  {
    field: 'staff name',
    method: 'POST',
    path: () => '/api/user/save-user',
    body: (name) => ({ name, email: `staff-${randomUUID().slice(0, 8)}@garage.lk`, password: 'start-123' }),
    label: 'Name',
  },
];

/** Text that must never be stored, each with what the message says about it. */
const badTexts: [string, string, RegExp][] = [
  ['NUL', 'Nimal\u0000Perera', /control character/],
  ['a bell (C0)', 'Nimal\u0007', /control character/],
  ['escape (C0)', '\u001b[31mNimal', /control character/],
  ['DEL', 'Nimal\u007f', /control character/],
  ['next line (C1)', 'Nimal\u0085Perera', /control character/],
  ['a C1 control', 'Nimal\u009bPerera', /control character/],
  ['right-to-left override U+202E', 'Nimal\u202Eareper', /text-direction/],
  ['left-to-right embedding U+202A', '\u202ANimal', /text-direction/],
  ['pop directional formatting U+202C', 'Nimal\u202C', /text-direction/],
  ['first strong isolate U+2068', '\u2068Nimal\u2069', /text-direction/],
  ['right-to-left isolate U+2067', 'Nimal\u2067', /text-direction/],
  ['a zero-width space only', '\u200B', /only invisible/],
  ['zero-width characters only', '\u200B\u200C\u200D\u2060', /only invisible/],
  ['a zero-width space among spaces', ' \u200B  \u200B ', /only invisible/],
];

describe('control, direction and invisible characters are refused in every text field', () => {
  // The email case puts the text inside an address, where invisible characters are never alone.
  const rows = cases.flatMap((c) =>
    badTexts
      .filter(([, , message]) => !(c.field === 'customer email' && message.source === 'only invisible'))
      .map(([what, text, message]) => [c.field, what, c, text, message] as const),
  );
  it.each(rows)('%s with %s: 400 with a message, nothing written', async (_field, _what, c, text, message) => {
    const before = await footprint();
    const response = await server.call(c.method, c.path(), admin, c.body(text));
    expect(response.status, JSON.stringify(response.json)).toBe(400);
    expect(response.json.success).toBe(false);
    expect(response.json.message).toMatch(message);
    expect(response.json.message.startsWith(c.label), response.json.message).toBe(true);
    expect(await footprint()).toEqual(before);
  });

  it('a line break in a name is refused, in an address it is kept', async () => {
    const refused = await server.call('POST', '/api/customers', admin, customerBody({ customerName: 'Nimal\nPerera' }));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Customer Name contains a control character (such as NUL or a line break). Please retype it.');
    const taken = await server.call('POST', '/api/customers', admin, customerBody({ address: '12 Galle Road\r\nColombo 3' }));
    expect(taken.status, taken.json.message).toBe(201);
    expect(taken.json.customer.address).toBe('12 Galle Road\r\nColombo 3');
  });

  it('takes a Sinhala name that needs the zero-width joiner', async () => {
    const name = 'ශ්\u200Dරී ලංකා මෝටර්ස්';
    const response = await server.call('POST', '/api/customers', admin, customerBody({ customerName: name }));
    expect(response.status, response.json.message).toBe(201);
    expect(response.json.customer.customerName).toBe(name);
  });

  it('refuses a pushed createCustomer whose name carries U+202E, and writes nothing', async () => {
    const before = await footprint();
    const args = { ...customerBody({ customerName: 'Invoice \u202E0021-VNI' }), id: randomUUID() };
    const response = await server.call('POST', '/api/sync/push', admin, {
      clientId: 'device-text-1',
      mutations: [{ id: randomUUID(), clientId: 'device-text-1', seq: 1, name: 'createCustomer', args, createdAt: new Date().toISOString() }],
    });
    expect(response.status).toBe(200);
    expect(response.json.results[0]).toMatchObject({ status: 'rejected', httpStatus: 400, message: 'Customer Name contains a hidden text-direction character. Please retype it.' });
    expect(await footprint()).toEqual(before);
  });

  // Found by bad-input.test.ts's generator: a change's id is stored on the rows it writes (a stock
  // movement's mutationId), so it is held to the same rule. (An Idempotency-Key cannot carry one: HTTP
  // headers hold Latin-1 only.)
  it('refuses a push whose change id carries U+202E, writing nothing', async () => {
    const before = await footprint();
    const id = 'Nimal\u202Eexe.gnp';
    const pushed = await server.call('POST', '/api/sync/push', admin, {
      clientId: 'device-text-2',
      mutations: [
        {
          id,
          clientId: 'device-text-2',
          seq: 1,
          name: 'adjustStock',
          args: { id: randomUUID(), itemId, quantity: 1, reason: 'adjustment', note: '' },
          createdAt: new Date().toISOString(),
        },
      ],
    });
    expect([pushed.status, pushed.json.success]).toEqual([400, false]);
    expect(await footprint()).toEqual(before);
  });
});
