import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngine } from '../../tests/support/test-database';
import { randomUUID } from 'node:crypto';
import { customers } from '../src/db/schema';
import { makeTestServer, type TestServer } from './helpers';
import { customerBody as newCustomerBody, vehicleBody } from '../../tests/factories';

// A real temporary SQLite file and the real app, called through app.request() (no port): see helpers.ts.
let server: TestServer;
let adminToken: string;
let managerToken: string;
let staffToken: string;

const currentYear = new Date().getFullYear();

const vehicle = vehicleBody;

/** Nimal Perera with a contact person and a mixed-case email (the cases below normalise it). */
const customerBody = (overrides: Record<string, unknown> = {}) =>
  newCustomerBody('Nimal Perera', '0771234567', 'cab-1234', { contactPerson: 'Kamal', email: 'Nimal@Mail.lk', ...overrides });

/** Live customer rows in the database, whatever the API says. */
const storedCount = async () => (await server.db.select().from(customers).all()).filter((row) => !row.deleted).length;

async function create(overrides: Record<string, unknown> = {}) {
  const { status, json } = await server.call('POST', '/api/customers', adminToken, customerBody(overrides));
  expect(status, json.message).toBe(201);
  return json.customer as Record<string, any>;
}

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await server.userWithRole('Admin')).token;
  managerToken = (await server.userWithRole('Manager')).token;
  staffToken = (await server.userWithRole('Staff')).token;
});

afterAll(() => server.close());

describe('POST /api/customers', () => {
  it('creates a customer with its vehicles and answers the API shape', async () => {
    const { status, json } = await server.call(
      'POST',
      '/api/customers',
      adminToken,
      customerBody({ vehicles: [vehicle(), vehicle({ make: 'Honda', model: 'Fit', year: '2015', licensePlate: 'KX 5678', vin: 'VIN123' })] }),
    );
    expect(status).toBe(201);
    expect(json.success).toBe(true);
    expect(json.message).toBe('New customer added successfully!');
    expect(json.customer).toMatchObject({
      customerName: 'Nimal Perera',
      contactPerson: 'Kamal',
      email: 'nimal@mail.lk',
      phone: '0771234567',
      address: '12 Galle Road',
      city: 'Colombo',
      isGuest: false,
      customerType: 'regular',
      vehicles: [
        { make: 'Toyota', model: 'Axio', year: 2018, licensePlate: 'CAB-1234', vin: '' },
        { make: 'Honda', model: 'Fit', year: 2015, licensePlate: 'KX 5678', vin: 'VIN123' },
      ],
    });
    expect(json.customer._id).toBe(json.customer.id);
    expect(json.customer._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a device-made UUID and refuses an id that is not one', async () => {
    const id = randomUUID();
    expect((await create({ id }))._id).toBe(id);
    const refused = await server.call('POST', '/api/customers', adminToken, customerBody({ id: 'not-a-uuid' }));
    expect(refused).toEqual({ status: 400, json: { success: false, message: 'id must be null or a UUID.' } });
    const again = await server.call('POST', '/api/customers', adminToken, customerBody({ id }));
    expect(again.status).toBe(409);
  });

  it('takes the phone as customerPhone too, and optional fields may be missing', async () => {
    const { phone: _phone, contactPerson: _contact, city: _city, ...body } = customerBody({ customerPhone: '0112223334' });
    const { status, json } = await server.call('POST', '/api/customers', adminToken, body);
    expect(status).toBe(201);
    expect(json.customer).toMatchObject({ phone: '0112223334', contactPerson: '', city: '' });
  });

  it('lets Staff add customers (decisions.md: customers add, edit for every role)', async () => {
    const { status } = await server.call('POST', '/api/customers', staffToken, customerBody({ customerName: 'Staff Made' }));
    expect(status).toBe(201);
  });

  // Spec 5, customer form: checked in this order, the first failure is the answer.
  it.each([
    ['both name and email missing', { customerName: '', email: '' }, 'Customer Name is required.'],
    ['a blank name', { customerName: '   ' }, 'Customer Name is required.'],
    ['no email (and no phone)', { email: '', phone: '' }, 'Email is required.'],
    ['an email without a domain', { email: 'nimal@mail', phone: '' }, 'Please enter a valid email address.'],
    ['no phone (and no address)', { phone: '', address: '' }, 'Phone number is required.'],
    ['no address (and a bad vehicle)', { address: '', vehicles: [vehicle({ make: '' })] }, 'Address is required.'],
    ['a vehicle without make', { vehicles: [vehicle({ make: '', model: '' })] }, 'Vehicle make is required.'],
    ['a vehicle without model', { vehicles: [vehicle({ model: '', year: 1800 })] }, 'Vehicle model is required.'],
    ['a year before 1900', { vehicles: [vehicle({ year: 1899, licensePlate: '' })] }, 'Valid vehicle year is required (e.g., 2020).'],
    ['a year past the current year plus 5', { vehicles: [vehicle({ year: currentYear + 6 })] }, 'Valid vehicle year is required (e.g., 2020).'],
    ['a year that is not a number', { vehicles: [vehicle({ year: 'abc' })] }, 'Valid vehicle year is required (e.g., 2020).'],
    ['a year with decimals', { vehicles: [vehicle({ year: 2020.5 })] }, 'Valid vehicle year is required (e.g., 2020).'],
    ['no year', { vehicles: [vehicle({ year: '' })] }, 'Valid vehicle year is required (e.g., 2020).'],
    ['a vehicle without plate', { vehicles: [vehicle({ licensePlate: ' ' })] }, 'Vehicle license plate is required.'],
    ['a bad second vehicle', { vehicles: [vehicle(), vehicle({ model: '' })] }, 'Vehicle model is required.'],
    ['no vehicle', { vehicles: [] }, 'At least one vehicle is required for a customer.'],
    ['no vehicles field', { vehicles: undefined }, 'At least one vehicle is required for a customer.'],
  ])('refuses %s with its message and stores nothing', async (_label, overrides, message) => {
    const before = await storedCount();
    const { status, json } = await server.call('POST', '/api/customers', adminToken, customerBody(overrides));
    expect({ status, json }).toEqual({ status: 400, json: { success: false, message } });
    expect(await storedCount()).toBe(before);
  });

  it('accepts the year range ends: 1900 and the current year plus 5', async () => {
    const created = await create({ vehicles: [vehicle({ year: 1900 }), vehicle({ year: currentYear + 5, licensePlate: 'NEW-1' })] });
    expect(created.vehicles.map((v: { year: number }) => v.year)).toEqual([1900, currentYear + 5]);
  });

  it('lets a guest have no vehicle (isGuest, customerType guest, or guest in the name)', async () => {
    expect((await create({ customerName: 'Counter sale', isGuest: true, vehicles: [] })).isGuest).toBe(true);
    expect((await create({ customerName: 'Counter sale 2', customerType: 'guest', vehicles: [] })).customerType).toBe('guest');
    expect((await create({ customerName: 'Walk-in Guest', vehicles: [] })).vehicles).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await server.app.request('/api/customers', { method: 'POST', headers: { token: adminToken, 'Content-Type': 'application/json' }, body: '{' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('answers 401 without a token', async () => {
    const response = await server.app.request('/api/customers', { method: 'POST', body: JSON.stringify(customerBody()) });
    expect(response.status).toBe(401);
  });
});

describe('Idempotency-Key', () => {
  it('applies a replayed create once and answers the same customer', async () => {
    const key = `create-${randomUUID()}`;
    const before = await storedCount();
    const first = await server.call('POST', '/api/customers', adminToken, customerBody({ customerName: 'Replay Once' }), { 'Idempotency-Key': key });
    const second = await server.call('POST', '/api/customers', adminToken, customerBody({ customerName: 'Replay Once' }), { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.customer._id).toBe(first.json.customer._id);
    expect(await storedCount()).toBe(before + 1);
    const listed = await server.call('GET', '/api/customers?search=Replay%20Once', adminToken);
    expect(listed.json.customers).toHaveLength(1);
  });

  it('replays a refusal for the same body; another body under the key is a 422 that writes nothing', async () => {
    const key = `refuse-${randomUUID()}`;
    const first = await server.call('POST', '/api/customers', adminToken, customerBody({ email: 'bad' }), { 'Idempotency-Key': key });
    expect(first.json.message).toBe('Please enter a valid email address.');
    expect(await server.call('POST', '/api/customers', adminToken, customerBody({ email: 'bad' }), { 'Idempotency-Key': key })).toEqual(first);
    // The key names the refused request: a fixed body is another request, which needs a key of its own.
    const before = await storedCount();
    const fixed = await server.call('POST', '/api/customers', adminToken, customerBody(), { 'Idempotency-Key': key });
    expect(fixed).toEqual({
      status: 422,
      json: { success: false, message: 'This Idempotency-Key was already used for a request with a different body. Use a new key for a new request.' },
    });
    expect(await storedCount()).toBe(before);
  });

  it('applies a replayed edit once and a replayed delete once', async () => {
    const created = await create({ customerName: 'Edit Replay' });
    const key = `edit-${randomUUID()}`;
    const first = await server.call('PUT', `/api/customers/${created._id}`, adminToken, { city: 'Kandy' }, { 'Idempotency-Key': key });
    const versionAfterFirst = (await server.db.select().from(customers).all()).find((row) => row.id === created._id)!.version;
    const second = await server.call('PUT', `/api/customers/${created._id}`, adminToken, { city: 'Kandy' }, { 'Idempotency-Key': key });
    expect(second).toEqual(first);
    expect((await server.db.select().from(customers).all()).find((row) => row.id === created._id)!.version).toBe(versionAfterFirst);

    const deleteKey = `delete-${randomUUID()}`;
    const deleted = await server.call('DELETE', `/api/customers/${created._id}`, managerToken, undefined, { 'Idempotency-Key': deleteKey });
    const again = await server.call('DELETE', `/api/customers/${created._id}`, managerToken, undefined, { 'Idempotency-Key': deleteKey });
    expect(again).toEqual(deleted);
    expect(deleted.status).toBe(200);
  });

  it('refuses a key reused for another operation (409) and a key of the wrong length (400)', async () => {
    const key = `reuse-${randomUUID()}`;
    const created = await server.call('POST', '/api/customers', adminToken, customerBody({ customerName: 'Key Reuse' }), { 'Idempotency-Key': key });
    const reused = await server.call('PUT', `/api/customers/${created.json.customer._id}`, adminToken, { city: 'Galle' }, { 'Idempotency-Key': key });
    expect(reused.status).toBe(409);
    const short = await server.call('POST', '/api/customers', adminToken, customerBody(), { 'Idempotency-Key': 'short' });
    expect(short).toEqual({ status: 400, json: { success: false, message: 'Idempotency-Key must be 8 to 64 characters.' } });
  });
});

describe('GET /api/customers', () => {
  const tag = `zq${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    // 30 customers under one tag, named out of order and in mixed case.
    for (let n = 30; n >= 1; n--) {
      const number = String(n).padStart(2, '0');
      await create({
        customerName: `${n % 2 ? tag.toUpperCase() : tag} Customer ${number}`,
        contactPerson: n === 7 ? `Contact ${tag}-seven` : '',
        email: `c${number}.${tag}@mail.lk`,
        phone: `07700${tag.length}${number}`,
      });
    }
  });

  it('lists live customers sorted by name, ignoring case, in the API shape', async () => {
    const { status, json } = await server.call('GET', '/api/customers', staffToken);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.total).toBe(json.customers.length);
    const names = json.customers.map((c: { customerName: string }) => c.customerName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(json.customers[0]).toHaveProperty('_id');
    expect(json.customers[0]).toHaveProperty('vehicles');
    expect(json).not.toHaveProperty('pages');
  });

  // The device's word rule (shared/domain/search-words.ts): each typed word starts a word of the
  // name, contact person, email, phone or a plate; 3 or more digits find a phone by any ending.
  it('searches name, contact person, email and phone by the start of their words, ignoring case', async () => {
    const names = async (search: string) =>
      (await server.call('GET', `/api/customers?search=${encodeURIComponent(search)}`, adminToken)).json.customers.map((c: { customerName: string }) => c.customerName.slice(-2));
    expect(await names(`${tag.toUpperCase()} CUSTOMER`)).toHaveLength(30);
    expect(await names(`${tag} ustomer`), 'the middle of a word').toEqual([]);
    expect(await names(`${tag}-SEVEN`)).toEqual(['07']);
    expect(await names(`c12.${tag}@`)).toEqual(['12']);
    expect(await names(`07700${tag.length}13`)).toEqual(['13']);
    expect(await names(`${tag} ${tag.length}13`), 'the end of a phone').toEqual(['13']);
    expect(await names(`%${tag}_`), '% and _ are no wildcards').toHaveLength(30);
  });

  // Counts the statements better-sqlite3 prepares: SQLite's own connection.
  it.skipIf(testEngine() === 'postgres')('pages a search through the words kept in memory: only the page’s rows are read whole', async () => {
    const prepare = vi.spyOn(server.db.$client, 'prepare');
    const first = await server.call('GET', `/api/customers?search=${tag}&page=1&limit=25`, adminToken);
    const second = await server.call('GET', `/api/customers?search=${tag}&page=2&limit=25`, adminToken);
    const statements = prepare.mock.calls.map(([text]) => String(text).toLowerCase());
    prepare.mockRestore();
    // The search index (server/src/sync/search-index.ts) reads the searched fields of the rows written
    // since it last looked, never every row whole, and no row per search when nothing changed.
    const reads = statements.filter((text) => text.includes('from "customers"') && !text.includes(' in ('));
    for (const text of reads) expect(text, statements.join('\n')).not.toContain('"address"');
    expect(reads.filter((text) => text.includes('"version" >')).length, statements.join('\n')).toBeLessThanOrEqual(1);
    const pages = statements.filter((text) => text.includes('from "customers"') && text.includes(' in ('));
    expect(pages.map((text) => text.match(/\?/g)?.length)).toEqual([25, 5]);

    expect(first.json).toMatchObject({ success: true, total: 30, page: 1, pages: 2 });
    expect(first.json.customers).toHaveLength(25);
    expect(first.json.customers[0].customerName).toBe(`${tag.toUpperCase()} Customer 01`);
    expect(second.json).toMatchObject({ total: 30, page: 2, pages: 2 });
    expect(second.json.customers.map((c: { customerName: string }) => c.customerName.slice(-2))).toEqual(['26', '27', '28', '29', '30']);
    const beyond = await server.call('GET', `/api/customers?search=${tag}&page=3&limit=25`, adminToken);
    expect(beyond.json).toMatchObject({ total: 30, customers: [] });
  });

  it('refuses a search longer than 200 characters', async () => {
    const { status, json } = await server.call('GET', `/api/customers?search=${'a'.repeat(201)}`, adminToken);
    expect([status, json]).toEqual([400, { success: false, message: 'search must be at most 200 characters.' }]);
  });

  it('refuses a page or limit that is not a whole number of at least 1', async () => {
    expect((await server.call('GET', '/api/customers?limit=0', adminToken)).json.message).toBe('limit must be a whole number of at least 1.');
    expect((await server.call('GET', '/api/customers?page=x&limit=5', adminToken)).status).toBe(400);
  });

  it('leaves deleted customers out', async () => {
    const created = await create({ customerName: `${tag} Deleted One` });
    await server.call('DELETE', `/api/customers/${created._id}`, adminToken);
    const { json } = await server.call('GET', `/api/customers?search=${tag}%20deleted`, adminToken);
    expect(json.customers).toEqual([]);
  });
});

describe('GET /api/customers/:id', () => {
  it('answers one customer, and 404 for an unknown or deleted one', async () => {
    const created = await create({ customerName: 'Single Read' });
    const { status, json } = await server.call('GET', `/api/customers/${created._id}`, staffToken);
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, customer: created });
    expect(await server.call('GET', `/api/customers/${randomUUID()}`, adminToken)).toEqual({ status: 404, json: { success: false, message: 'Customer not found.' } });
    await server.call('DELETE', `/api/customers/${created._id}`, adminToken);
    expect((await server.call('GET', `/api/customers/${created._id}`, adminToken)).status).toBe(404);
  });
});

describe('PUT /api/customers/:id', () => {
  it('saves the spec body (all fields plus id) and answers the message', async () => {
    const created = await create({ customerName: 'Before Edit' });
    const body = { ...customerBody({ customerName: 'After Edit', city: 'Kandy' }), id: created._id, vehicles: [vehicle({ licensePlate: 'wp-9999' })] };
    const { status, json } = await server.call('PUT', `/api/customers/${created._id}`, staffToken, body);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.message).toBe('Customer updated successfully!');
    expect(json.customer).toMatchObject({ _id: created._id, customerName: 'After Edit', city: 'Kandy', vehicles: [{ licensePlate: 'WP-9999' }] });
  });

  it('changes only the fields sent, and the URL names the customer whatever the body says', async () => {
    const created = await create({ customerName: 'Partial Edit', city: 'Matara' });
    const other = await create({ customerName: 'Untouched' });
    const { json } = await server.call('PUT', `/api/customers/${created._id}`, adminToken, { id: other._id, phone: '0119998887' });
    expect(json.customer).toMatchObject({ _id: created._id, customerName: 'Partial Edit', city: 'Matara', phone: '0119998887', vehicles: created.vehicles });
    expect((await server.call('GET', `/api/customers/${other._id}`, adminToken)).json.customer.phone).toBe(other.phone);
  });

  it('keeps a guest a guest when an edit does not mention it', async () => {
    const guest = await create({ customerName: 'Counter Customer', isGuest: true, customerType: 'guest', vehicles: [] });
    const { status, json } = await server.call('PUT', `/api/customers/${guest._id}`, adminToken, { phone: '0700000000' });
    expect(status).toBe(200);
    expect(json.customer).toMatchObject({ isGuest: true, customerType: 'guest', vehicles: [] });
  });

  it.each([
    [{ customerName: '' }, 'Customer Name is required.'],
    [{ email: '' }, 'Email is required.'],
    [{ email: 'x@y' }, 'Please enter a valid email address.'],
    [{ phone: ' ' }, 'Phone number is required.'],
    [{ address: '' }, 'Address is required.'],
    [{ vehicles: [vehicle({ make: '' })] }, 'Vehicle make is required.'],
    [{ vehicles: [vehicle({ model: '' })] }, 'Vehicle model is required.'],
    [{ vehicles: [vehicle({ year: currentYear + 6 })] }, 'Valid vehicle year is required (e.g., 2020).'],
    [{ vehicles: [vehicle({ licensePlate: '' })] }, 'Vehicle license plate is required.'],
    [{ vehicles: [] }, 'At least one vehicle is required for a customer.'],
  ])('refuses %j with its message and changes nothing', async (patch, message) => {
    const created = await create({ customerName: 'Guarded Edit' });
    const { status, json } = await server.call('PUT', `/api/customers/${created._id}`, adminToken, patch);
    expect({ status, json }).toEqual({ status: 400, json: { success: false, message } });
    expect((await server.call('GET', `/api/customers/${created._id}`, adminToken)).json.customer).toEqual(created);
  });

  it('answers 404 for an unknown or deleted customer', async () => {
    const missing = await server.call('PUT', `/api/customers/${randomUUID()}`, adminToken, { city: 'X' });
    expect(missing).toEqual({ status: 404, json: { success: false, message: 'Customer not found. It may have been deleted.' } });
    const created = await create({ customerName: 'Gone Before Edit' });
    await server.call('DELETE', `/api/customers/${created._id}`, adminToken);
    expect((await server.call('PUT', `/api/customers/${created._id}`, adminToken, { city: 'X' })).status).toBe(404);
  });
});

describe('DELETE /api/customers/:id', () => {
  it('refuses Staff with 403 and keeps the customer', async () => {
    const created = await create({ customerName: 'Staff Cannot Delete' });
    const { status, json } = await server.call('DELETE', `/api/customers/${created._id}`, staffToken);
    expect(status).toBe(403);
    expect(json).toEqual({ success: false, message: 'Your role (Staff) may not do this.' });
    expect((await server.call('GET', `/api/customers/${created._id}`, adminToken)).status).toBe(200);
  });

  it('lets a Manager delete, with the message; the row becomes a tombstone', async () => {
    const created = await create({ customerName: 'Manager Deletes' });
    const { status, json } = await server.call('DELETE', `/api/customers/${created._id}`, managerToken);
    expect({ status, json }).toEqual({ status: 200, json: { success: true, message: 'Customer deleted successfully!' } });
    const row = (await server.db.select().from(customers).all()).find((r) => r.id === created._id);
    expect(row?.deleted).toBe(true);
  });

  it('answers 404 for a customer that never existed', async () => {
    expect(await server.call('DELETE', `/api/customers/${randomUUID()}`, adminToken)).toEqual({ status: 404, json: { success: false, message: 'Customer not found.' } });
  });
});
