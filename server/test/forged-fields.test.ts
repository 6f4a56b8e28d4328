/**
 * Issue 24, point 11: fields a client cannot be trusted with. A job's mechanic name follows its
 * mechanic id on the server; an Idempotency-Key reused for another request is refused (422), not
 * answered with the first request's result while the second write is dropped; an item edit is
 * checked as strictly as a create for every field it carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { itemMessages } from '@shared/schemas/item';
import { customerBody, itemBody, openJobBody, saleBody, saleLine } from '../../tests/factories';

let server: TestServer;
let admin: string;
let mechanicId: string;
let customerId: string;
let categoryId: string;
const clientId = 'device-forged-1';
let push: ReturnType<typeof devicePusher>;

const rowOf = async (table: string, id: string) => (await server.db.$client.prepare(`SELECT * FROM "${table}" WHERE id = ?`).get(id)) as Json;

const post = async (path: string, body: Json) => postOk(server, admin, path, body);

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  push = devicePusher(server, admin, clientId);
  mechanicId = (await server.userWithRole('Staff')).id; // named 'Staff user'
  categoryId = (await post('/api/categories', { name: 'Brakes' })).category._id;
  customerId = (await post('/api/customers', customerBody('Nimal Perera', '0771234567', 'CAB-1234'))).customer._id;
});
afterAll(() => server.close());

describe("a job's mechanic name is the server's", () => {
  let jobId: string;
  beforeAll(async () => {
    jobId = (await post('/api/job-cards', openJobBody(customerId, 'CAB-1234', { mechanic: mechanicId }))).jobCard._id;
    expect(await rowOf('job_cards', jobId)).toMatchObject({ mechanicId, mechanicName: 'Staff user' });
  });

  it('a pushed updateJobCard with a mechanicName alone leaves the name the mechanic has', async () => {
    expect(await push('updateJobCard', { id: jobId, mechanicName: 'Forged Name' })).toMatchObject({ status: 'applied' });
    expect(await rowOf('job_cards', jobId)).toMatchObject({ mechanicId, mechanicName: 'Staff user' });
  });

  it('a pushed updateJobCard with a mechanicId and another name stores the mechanic’s own name', async () => {
    expect(await push('updateJobCard', { id: jobId, mechanicId, mechanicName: 'Forged Name', notes: 'Brakes' })).toMatchObject({ status: 'applied' });
    expect(await rowOf('job_cards', jobId)).toMatchObject({ mechanicId, mechanicName: 'Staff user', notes: 'Brakes' });
  });

  it('a pushed updateJobCard with no mechanic and a name stores no name', async () => {
    expect(await push('updateJobCard', { id: jobId, mechanicId: null, mechanicName: 'Forged Name' })).toMatchObject({ status: 'applied' });
    expect(await rowOf('job_cards', jobId)).toMatchObject({ mechanicId: null, mechanicName: '' });
    expect(await push('updateJobCard', { id: jobId, mechanicName: 'Forged Again' })).toMatchObject({ status: 'applied' });
    expect(await rowOf('job_cards', jobId)).toMatchObject({ mechanicId: null, mechanicName: '' });
  });
});

describe('an Idempotency-Key names one request', () => {
  const key = () => `key-${randomUUID()}`;
  const keyed = async (method: string, path: string, body: Json | undefined, idempotencyKey: string) =>
    server.call(method, path, admin, body, { 'Idempotency-Key': idempotencyKey });
  const reuseMessage = 'This Idempotency-Key was already used for a request with a different body. Use a new key for a new request.';

  it('a create reused with another body is a 422, and the second record is not made', async () => {
    const k = key();
    const first = await keyed('POST', '/api/categories', { name: 'Filters' }, k);
    expect(first.status).toBe(201);
    const categories = await countRows(server.db, 'categories');
    const second = await keyed('POST', '/api/categories', { name: 'Tyres' }, k);
    expect(second).toEqual({ status: 422, json: { success: false, message: reuseMessage } });
    expect(await countRows(server.db, 'categories')).toBe(categories);
    // The same request again is still its replay.
    const again = await keyed('POST', '/api/categories', { name: 'Filters' }, k);
    expect(again.status).toBe(201);
    expect(again.json.category._id).toBe(first.json.category._id);
  });

  it('an edit reused with another body is a 422 and leaves the record as the first edit made it', async () => {
    const id = (await post('/api/categories', { name: 'Oils' })).category._id as string;
    const k = key();
    expect((await keyed('PUT', `/api/categories/${id}`, { name: 'Engine oils' }, k)).status).toBe(200);
    expect(await keyed('PUT', `/api/categories/${id}`, { name: 'Gear oils' }, k)).toEqual({ status: 422, json: { success: false, message: reuseMessage } });
    expect((await rowOf('categories', id)).name).toBe('Engine oils');
  });

  it('a delete reused for another record is a 422 and does not claim the second one deleted', async () => {
    const a = (await post('/api/categories', { name: 'Lamps' })).category._id as string;
    const b = (await post('/api/categories', { name: 'Belts' })).category._id as string;
    const k = key();
    expect((await keyed('DELETE', `/api/categories/${a}`, undefined, k)).status).toBe(200);
    expect((await keyed('DELETE', `/api/categories/${b}`, undefined, k)).status).toBe(422);
    expect((await rowOf('categories', b)).deleted).toBe(0);
  });

  it('a sale and a bulk payment reused with another amount are 422s', async () => {
    const itemId = (await post('/api/items', itemBody(categoryId, { itemName: 'Pad', barcode: 'PAD-1', unitPrice: 100, stockQuantity: 100 }))).item._id;
    const sale = (paid: number) => saleBody(customerId, [saleLine('Pad', 100, { itemId })], { paidAmount: paid });
    const k = key();
    expect((await keyed('POST', '/api/sales/sales-invoices', sale(0), k)).status).toBe(201);
    const invoices = await countRows(server.db, 'invoices');
    expect((await keyed('POST', '/api/sales/sales-invoices', sale(100), k)).status).toBe(422);
    expect(await countRows(server.db, 'invoices')).toBe(invoices);

    const bulk = (amount: number): Json => ({ customerId, paymentDate: new Date().toISOString().slice(0, 10), paymentMethod: 'Cash', amount });
    const kb = key();
    expect((await keyed('POST', '/api/sales/bulk-payments', bulk(10), kb)).status).toBe(200);
    const payments = await countRows(server.db, 'payments');
    expect((await keyed('POST', '/api/sales/bulk-payments', bulk(20), kb)).status).toBe(422);
    expect(await countRows(server.db, 'payments')).toBe(payments);
  });
});

describe('an item edit is checked as strictly as a create for every field it carries', () => {
  let itemId: string;
  beforeAll(async () => {
    itemId = (await post('/api/items', itemBody(categoryId, { itemName: 'Brake pad', barcode: 'BP-1', unitPrice: 1100 }))).item._id;
  });

  const blanks: [string, Json][] = [
    ['an empty name', { itemName: '' }],
    ['a blank name', { itemName: '   ' }],
    ['a null name', { itemName: null }],
    ['an empty barcode', { barcode: '' }],
    ['a blank barcode', { barcode: ' \t ' }],
    ['a null barcode', { barcode: null }],
    ['a blank unit price', { unitPrice: '' }],
    ['a null cost price', { costPrice: null }],
    ['a blank category', { category: ' ' }],
  ];

  it.each(blanks)('PUT /api/items/:id with %s is a 400 and changes nothing', async (_what, body) => {
    const before = await rowOf('items', itemId);
    const response = await server.call('PUT', `/api/items/${itemId}`, admin, body);
    expect(response).toEqual({ status: 400, json: { success: false, message: itemMessages.required } });
    expect(await rowOf('items', itemId)).toEqual(before);
  });

  it('PUT /api/items/:id with a blank stock quantity is a 400 too', async () => {
    const response = await server.call('PUT', `/api/items/${itemId}`, admin, { stockQuantity: '' });
    expect(response).toEqual({ status: 400, json: { success: false, message: itemMessages.required } });
  });

  it.each(blanks)('a pushed updateItem with %s is rejected and changes nothing', async (_what, fields) => {
    const before = await rowOf('items', itemId);
    expect(await push('updateItem', { id: itemId, ...fields })).toMatchObject({ status: 'rejected', httpStatus: 400, message: itemMessages.required });
    expect(await rowOf('items', itemId)).toEqual(before);
  });

  it('an edit that leaves those fields out, or gives them, still applies', async () => {
    expect((await server.call('PUT', `/api/items/${itemId}`, admin, { description: 'Front pads' })).status).toBe(200);
    expect(await push('updateItem', { id: itemId, itemName: 'Brake pad (front)', barcode: 'BP-1F' })).toMatchObject({ status: 'applied' });
    expect(await rowOf('items', itemId)).toMatchObject({ itemName: 'Brake pad (front)', barcode: 'BP-1F', description: 'Front pads' });
  });
});
