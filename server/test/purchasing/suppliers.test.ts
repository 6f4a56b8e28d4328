import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, postOk, type TestServer } from '../helpers';
import { itemBody } from '../../../tests/factories';

// Issue 44, point 1: suppliers over the API, and an item naming its usual supplier. (The generic
// routes, round trips and bad input of every plain entity are tested from its declaration:
// entity-routes.test.ts, bad-input.test.ts, tests/sync/plain-entities.test.ts.)
let server: TestServer;
let admin: string;
let staff: string;
let category: string;

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  staff = (await server.userWithRole('Staff')).token;
  category = (await postOk(server, admin, '/api/categories', { name: 'Filters', description: '' })).category._id;
});
afterAll(() => server.close());

const supplier = async (name: string) => (await postOk(server, admin, '/api/suppliers', { name, phone: '011 234 5678', paymentTermsDays: 30 })).supplier;

describe('suppliers', () => {
  it('are added by a Manager or Admin, not by Staff', async () => {
    const refused = await server.call('POST', '/api/suppliers', staff, { name: 'Staff Motors' });
    expect(refused.status).toBe(403);
    const made = await supplier('Lanka Auto Parts');
    expect(made).toMatchObject({ name: 'Lanka Auto Parts', phone: '011 234 5678', paymentTermsDays: 30, email: '' });
  });

  it('refuse a bad email and terms beyond a year with the form’s words, writing nothing', async () => {
    const email = await server.call('POST', '/api/suppliers', admin, { name: 'Bad Mail', email: 'orders-at-lanka' });
    expect(email.status).toBe(400);
    expect(email.json.message).toBe('Please enter a valid email address.');
    const terms = await server.call('POST', '/api/suppliers', admin, { name: 'Long Terms', paymentTermsDays: 400 });
    expect(terms.status).toBe(400);
    expect(terms.json.message).toBe('Payment Terms (days) must be a whole number from 0 to 365.');
    const list = await server.call('GET', '/api/suppliers', admin);
    expect(list.json.suppliers.map((row: { name: string }) => row.name)).toEqual(['Lanka Auto Parts']);
  });
});

describe("an item's usual supplier", () => {
  it('is kept with the supplier’s part number; the last cost paid is read by Managers only', async () => {
    const usual = await supplier('Asia Motors');
    const { item } = await postOk(server, admin, '/api/items', itemBody(category, { supplier: usual.id, supplierPartNo: 'AM-OF-77' }));
    expect(item).toMatchObject({ supplierId: usual.id, supplierPartNo: 'AM-OF-77', lastCost: 0 });
    const asStaff = await server.call('GET', `/api/items/${item.id}`, staff);
    expect(asStaff.json.item ?? asStaff.json).not.toHaveProperty('lastCost');
    expect(asStaff.json.item ?? asStaff.json).not.toHaveProperty('costPrice');
  });

  it('must be a supplier on record', async () => {
    const gone = await supplier('Gone Traders');
    await server.call('DELETE', `/api/suppliers/${gone.id}`, admin);
    const refused = await server.call('POST', '/api/items', admin, itemBody(category, { supplier: gone.id }));
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Supplier not found. It may have been deleted.');
  });
});
