/**
 * Issue 46, "Speed": a push is applied first with no savepoint an entry, its version counter, version
 * log and exactly-once records kept until its end (sync/deferred-writes.ts). When an entry fails, that
 * attempt is rolled back and the push applied again with a savepoint an entry. These are the answers
 * and the rows that must come out exactly as one careful pass would make them.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { makeTestServer, postOk, type Json, type SeededUser, type TestServer } from './helpers';
import { customerWithVehicle } from '../../tests/factories/customers';
import { guestCashSale } from './drawer-helpers';

let server: TestServer;
let admin: SeededUser;
beforeEach(async () => {
  server = await makeTestServer();
  admin = await server.userWithRole('Admin');
});
afterEach(() => server.close());

const categoryId = randomUUID();
const entry = (name: string, args: Json, id: string = randomUUID()) => ({ id, clientId: 'register-a', name, args, createdAt: new Date().toISOString() });
const createItem = (id: string, barcode: string) =>
  entry('createItem', { id, itemName: `Item ${barcode}`, barcode, category: categoryId, unitPrice: 1250, costPrice: 990, stockQuantity: 12, reorderLevel: 5, description: '' });
const adjust = (itemId: string, quantity: number, id?: string) => entry('adjustStock', { id: randomUUID(), itemId, quantity, reason: 'received', note: 'Delivery' }, id);

async function push(mutations: Json[], deviceCode?: string): Promise<{ status: string; httpStatus?: number; at?: string }[]> {
  // Numbered as a device numbers its outbox entries (the push's schema asks for it).
  const numbered = mutations.map((mutation, index) => ({ seq: index + 1, ...mutation }));
  const response = await server.call('POST', '/api/sync/push', admin.token, { clientId: 'register-a', mutations: numbered, ...(deviceCode ? { deviceCode } : {}) });
  expect(response.status).toBe(200);
  return response.json.results;
}

const rows = async <T>(text: string): Promise<T[]> => (await server.db.$client.prepare(text).all()) as T[];
const stockOf = async (id: string) => (await rows<{ stock: number }>(`SELECT "stockHundredths" AS stock FROM items WHERE id = '${id}'`))[0]!.stock;

/** The version log is 1..n with no gap and the counter at n: what the next push carries on from. */
async function expectVersionsWithoutGap(): Promise<number> {
  const versions = (await rows<{ version: number }>('SELECT version FROM version_log ORDER BY version')).map((row) => Number(row.version));
  expect(versions).toEqual(versions.map((_, index) => index + 1));
  const counter = await rows<{ value: number }>(`SELECT value FROM counters WHERE name = 'version'`);
  expect(Number(counter[0]!.value)).toBe(versions.length);
  return versions.length;
}

it('an entry refused mid-push undoes nothing of the others, and nothing is applied twice', async () => {
  const [first, second] = [randomUUID(), randomUUID()];
  const again = adjust(first, 2.5);
  const results = await push([
    entry('createCategory', { id: categoryId, name: 'Filters' }),
    createItem(first, 'BC-1'),
    again,
    createItem(randomUUID(), 'BC-1'), // the barcode is taken: refused
    adjust(first, 2.5),
    createItem(second, 'BC-2'),
  ]);
  expect(results.map((result) => [result.status, result.httpStatus])).toEqual([
    ['applied', undefined],
    ['applied', undefined],
    ['applied', undefined],
    ['rejected', 409],
    ['applied', undefined],
    ['applied', undefined],
  ]);
  // 12 + 2.5 + 2.5, once each, though the first attempt applied the first three before it failed.
  expect(await stockOf(first)).toBe(1700);
  expect(await stockOf(second)).toBe(1200);
  const logged = await rows<{ status: string }>('SELECT status FROM applied_mutations');
  expect(logged.map((row) => row.status).sort()).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'rejected']);
  // Each applied entry at its own version, in the push's order, the refused one at none.
  const versions = results.filter((result) => result.status === 'applied').map((result) => Number(result.at!.split(':')[0]));
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  expect(new Set(versions).size).toBe(5);
  const last = await expectVersionsWithoutGap();

  // The next push carries on from the counter, and an entry sent again is answered, not applied again.
  const next = await push([again, adjust(second, 1)]);
  expect(next.map((result) => result.status)).toEqual(['applied', 'applied']);
  expect(next[0]!.at).toBe(results[2]!.at);
  expect(Number(next[1]!.at!.split(':')[0])).toBe(last + 1);
  expect(await stockOf(first)).toBe(1700);
  expect(await stockOf(second)).toBe(1300);
  await expectVersionsWithoutGap();
});

it('an id met twice in one push is applied once, the second answered from what the first recorded', async () => {
  const item = randomUUID();
  const twice = adjust(item, 1);
  const results = await push([entry('createCategory', { id: categoryId, name: 'Filters' }), createItem(item, 'BC-9'), twice, twice]);
  expect(results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
  expect(results[3]!.at).toBe(results[2]!.at);
  expect(await stockOf(item)).toBe(1300);
  expect(await rows('SELECT id FROM applied_mutations')).toHaveLength(3);
  await expectVersionsWithoutGap();
});

it('an entry that wrote a row and then failed on a statement is undone alone, its version given again', async () => {
  const customer = customerWithVehicle({ email: true });
  const line = randomUUID();
  const estimate = (id: string, n: number, lineId: string) =>
    entry('createEstimate', {
      id,
      estimateNumber: `EST-PAGE-${String(n).padStart(5, '0')}`,
      customerId: customer.id,
      vehicleLicensePlate: customer.vehicles[0]!.licensePlate,
      vehicleMake: 'Toyota',
      vehicleModel: 'Aqua',
      currentMileage: 1,
      validUntil: '2026-12-31',
      notes: '',
      lines: [{ id: lineId, kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice: 1000, warranty: '' }],
    });
  const [first, refused, after] = [randomUUID(), randomUUID(), randomUUID()];
  const results = await push([
    entry('createCustomer', customer as unknown as Json),
    estimate(first, 1, line),
    estimate(refused, 2, line), // writes its estimate at a version, then its line's id is taken: 409
    estimate(after, 3, randomUUID()),
  ]);
  expect(results.map((result) => [result.status, result.httpStatus])).toEqual([
    ['applied', undefined],
    ['applied', undefined],
    ['rejected', 409],
    ['applied', undefined],
  ]);
  expect(await rows(`SELECT id FROM estimates WHERE id = '${refused}'`)).toEqual([]);
  // Every logged version is an applied mutation's: the refused one's was given again, to the next entry.
  expect(await rows(`SELECT v.version FROM version_log v LEFT JOIN applied_mutations a ON a.version = v.version AND a.status = 'applied' WHERE a.id IS NULL`)).toEqual([]);
  expect(Number(results[3]!.at!.split(':')[0])).toBe(Number(results[1]!.at!.split(':')[0]) + 1);
  await expectVersionsWithoutGap();
});

it('a register code a sale adopts is the register of the entries after it in the same push', async () => {
  // A server restored from a backup older than the register: it holds no row for the device, and
  // its first sale adopts the code it printed under (sales/printed-number.ts).
  const code = (await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-a' })).code as string;
  await server.db.$client.prepare('DELETE FROM devices WHERE clientId = ?').run('register-a');
  const sale = (n: number, price: number) => entry('checkoutSale', guestCashSale(`INV-${code}-0000${n}`, price));
  const results = await push([sale(1, 1000), sale(2, 2000), entry('openDrawer', { id: randomUUID(), float: 5000 })], code);
  expect(results.map((result) => [result.status, result.httpStatus])).toEqual([
    ['applied', undefined],
    ['applied', undefined],
    ['applied', undefined],
  ]);
  // Both sales' cash is that register's, so its drawer counts it.
  expect((await rows<{ register: string }>('SELECT register FROM payments')).map((row) => row.register)).toEqual([code, code]);
});
