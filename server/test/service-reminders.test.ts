import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePusher, makeTestServer, type TestServer } from './helpers';
import { customerBody } from '../../tests/factories';

// Issue 45: a service's interval over the API, and the vehicle's reminder a device saves when it
// finishes a job (an upsert: the later save stands; bad arguments refused, nothing written).
let server: TestServer;
let adminToken: string;
let staffToken: string;
let customerId: string;

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await server.userWithRole('Admin')).token;
  staffToken = (await server.userWithRole('Staff')).token;
  customerId = (await server.call('POST', '/api/customers', adminToken, customerBody('Nimal Perera', '0771234567', 'CAB-1234'))).json.customer.id;
});
afterAll(() => server.close());

const reminder = (dueDate: string, overrides: Record<string, unknown> = {}) => ({
  id: 'reminder-CAB1234',
  customerId,
  vehicleLicensePlate: 'CAB-1234',
  customerName: 'Nimal Perera',
  customerPhone: '0771234567',
  dueDate,
  services: [{ name: 'Oil change', dueDate, dueKm: 45_000, by: 'mileage' }],
  kmPerDay: 42.5,
  lastVisit: '2026-12-01',
  lastMileage: 40_000,
  remind: true,
  ...overrides,
});

const storedReminders = async () =>
  (await server.db.$client.prepare('SELECT dueDate, services, remind FROM service_reminders').all()) as { dueDate: string; services: string; remind: number }[];

describe('service intervals', () => {
  it('keeps months and km, each optional, and answers them', async () => {
    const created = await server.call('POST', '/api/services', adminToken, { name: 'Oil change', price: 2500, intervalMonths: 6, intervalKm: '5000' });
    expect(created.status).toBe(201);
    expect(created.json.service).toMatchObject({ name: 'Oil change', intervalMonths: 6, intervalKm: 5000 });
    const plain = await server.call('POST', '/api/services', adminToken, { name: 'Car wash', price: 500 });
    expect(plain.json.service).toMatchObject({ intervalMonths: null, intervalKm: null });
  });

  it.each([
    ['an interval of 0 months', { intervalMonths: 0 }, 'Interval (months) must be a whole number from 1 to 120, or blank.'],
    ['an interval of 0 km', { intervalKm: 0 }, 'Interval (km) must be a whole number from 100 to 1,000,000, or blank.'],
    ['half a month', { intervalMonths: 1.5 }, 'Interval (months) must be a whole number from 1 to 120, or blank.'],
  ])('refuses %s with 400 and writes nothing', async (_what, interval, message) => {
    const before = (await server.call('GET', '/api/services', adminToken)).json.services.length;
    const answer = await server.call('POST', '/api/services', adminToken, { name: 'Brake fluid', price: 1500, ...interval });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, message });
    expect((await server.call('GET', '/api/services', adminToken)).json.services).toHaveLength(before);
  });
});

describe("a vehicle's reminder", () => {
  it('is saved by a Staff tablet; a later save from another device stands; whether it may be sent is the customer’s say', async () => {
    const tablet = devicePusher(server, staffToken, 'tablet-1');
    const counter = devicePusher(server, adminToken, 'counter-1');
    expect(await tablet('saveServiceReminder', reminder('2027-06-01'))).toMatchObject({ status: 'applied' });
    // A device that says 'do not remind' of a customer who takes reminders is not believed.
    expect(await counter('saveServiceReminder', reminder('2027-05-20', { remind: false }))).toMatchObject({ status: 'applied' });
    expect(await storedReminders()).toEqual([{ dueDate: '2027-05-20', services: JSON.stringify(reminder('2027-05-20').services), remind: 1 }]);
  });

  it("follows the customer's 'No reminders', ticked and cleared, as a change devices pull", async () => {
    const version = async () => ((await server.db.$client.prepare('SELECT version FROM service_reminders').get()) as { version: number }).version;
    const before = await version();
    expect((await server.call('PUT', `/api/customers/${customerId}`, adminToken, { noReminders: true })).status).toBe(200);
    expect((await storedReminders()).map((row) => row.remind)).toEqual([0]);
    expect(await version()).toBeGreaterThan(before);
    // A device that has not heard yet saves it as remindable: the server keeps the customer's word.
    const tablet = devicePusher(server, staffToken, 'tablet-2');
    await tablet('saveServiceReminder', reminder('2027-05-21', { remind: true }));
    expect((await storedReminders()).map((row) => [row.dueDate, row.remind])).toEqual([['2027-05-21', 0]]);
    expect((await server.call('PUT', `/api/customers/${customerId}`, adminToken, { noReminders: false })).status).toBe(200);
    expect((await storedReminders()).map((row) => row.remind)).toEqual([1]);
  });

  it('is taken away when nothing is due any more', async () => {
    const push = devicePusher(server, adminToken, 'counter-3');
    await push('saveServiceReminder', reminder('2027-01-01', { id: 'reminder-KV4567', vehicleLicensePlate: 'KV-4567' }));
    expect(await push('deleteServiceReminder', { id: 'reminder-KV4567' })).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare("SELECT deleted FROM service_reminders WHERE id = 'reminder-KV4567'").get()).toEqual({ deleted: 1 });
    await push('saveServiceReminder', reminder('2027-01-01', { id: 'reminder-KV4567', vehicleLicensePlate: 'KV-4567' }));
  });

  it.each([
    ['no service', { services: [] }],
    ['a due day that is not one', { dueDate: '20/05/2027' }],
    ['a negative reading', { lastMileage: -1 }],
    ['an id that is not its plate’s', { id: 'reminder-OTHER1' }],
    ['a customer not on record', { customerId: 'no-such-customer' }],
  ])('refuses %s and changes nothing', async (_what, overrides) => {
    const push = devicePusher(server, adminToken, 'counter-2');
    const answer = await push('saveServiceReminder', reminder('2027-01-01', overrides));
    expect(answer).toMatchObject({ status: 'rejected' });
    expect((await storedReminders()).map((row) => row.dueDate)).toEqual(['2027-05-21', '2027-01-01']);
  });
});
