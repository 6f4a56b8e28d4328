/**
 * Issue 46, "Speed": a push is applied first with no savepoint an entry, its version counter, version
 * log and exactly-once records kept until its end (sync/deferred-writes.ts). When an entry fails, that
 * attempt is rolled back and the push applied again with a savepoint an entry. These are the answers
 * and the rows that must come out exactly as one careful pass would make them.
 *
 * That first attempt also waits for none of its checks and writes one by one (deferred-writes.ts,
 * `together`; mutation-tx.ts, `check` and `send`): a check's verdict is judged at the push's end, a
 * write's failure met there. The refusals whose verdict comes late must each answer exactly as when
 * judged at once, and leave nothing of their entry behind.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { makeTestServer, postOk, type Json, type SeededUser, type TestServer } from './helpers';
import { customerWithVehicle } from '../../tests/factories/customers';
import { guestCashSale } from './drawer-helpers';
import { testEngine } from '../../tests/support/test-database';

let server: TestServer;
let admin: SeededUser;
beforeEach(async () => {
  server = await makeTestServer();
  admin = await server.userWithRole('Admin');
});
afterEach(() => server.close());

const categoryId = randomUUID();
const entry = (name: string, args: Json, id: string = randomUUID()) => ({ id, clientId: 'register-a', name, args, createdAt: new Date().toISOString() });
const createItem = (id: string, barcode: string, more: Json = {}) =>
  entry('createItem', {
    id,
    itemName: `Item ${barcode}`,
    barcode,
    category: categoryId,
    unitPrice: 1250,
    costPrice: 990,
    stockQuantity: 12,
    reorderLevel: 5,
    description: '',
    ...more,
  });
const adjust = (itemId: string, quantity: number, id?: string, movementId: string = randomUUID()) =>
  entry('adjustStock', { id: movementId, itemId, quantity, reason: 'received', note: 'Delivery' }, id);

interface Answer {
  status: string;
  httpStatus?: number;
  message?: string;
  at?: string;
}

async function push(mutations: Json[], deviceCode?: string): Promise<Answer[]> {
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

const refusals: [string, (ids: { item: string; deleted: string; used: string }) => Json, Answer][] = [
  [
    'a new item of a category not on record',
    () => createItem(randomUUID(), 'BC-X', { category: randomUUID() }),
    { status: 'rejected', httpStatus: 400, message: 'Category not found.' },
  ],
  [
    'a new item of a supplier not on record',
    () => createItem(randomUUID(), 'BC-X', { supplier: randomUUID() }),
    { status: 'rejected', httpStatus: 400, message: 'Supplier not found. It may have been deleted.' },
  ],
  [
    'a new item with a barcode taken',
    () => createItem(randomUUID(), 'BC-1'),
    { status: 'rejected', httpStatus: 409, message: 'The barcode BC-1 is already used by another item.' },
  ],
  ['a count of an item deleted', ({ deleted }) => adjust(deleted, 1), { status: 'rejected', httpStatus: 404, message: 'Item not found. It may have been deleted.' }],
  // A write's own failure, met at the push's end: the ledger's key refuses a movement id used already.
  [
    'a count whose movement id is in the ledger',
    ({ item, used }) => adjust(item, 1, undefined, used),
    { status: 'rejected', httpStatus: 409, message: 'This stock change was already recorded.' },
  ],
];

it.each(refusals)('%s, mid-push, answers as alone and undoes nothing of the others', async (_, refused, expected) => {
  const [item, deleted, used, after] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const setUp = await push([
    entry('createCategory', { id: categoryId, name: 'Filters' }),
    createItem(item, 'BC-1'),
    createItem(deleted, 'BC-2'),
    entry('deleteItem', { id: deleted }),
    adjust(item, 1, undefined, used),
  ]);
  expect(setUp.map((answer) => answer.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);

  const results = await push([adjust(item, 2), refused({ item, deleted, used }), createItem(after, 'BC-3'), adjust(after, 0.5)]);
  expect(results.map(({ status, httpStatus, message }) => ({ status, httpStatus, message }))).toEqual([
    { status: 'applied', httpStatus: undefined, message: undefined },
    expected,
    { status: 'applied', httpStatus: undefined, message: undefined },
    { status: 'applied', httpStatus: undefined, message: undefined },
  ]);
  // 12 + 1 + 2, and 12 + 0.5: each applied entry once, though the first attempt applied them before it failed.
  expect(Number(await stockOf(item))).toBe(1500);
  expect(Number(await stockOf(after))).toBe(1250);
  expect(await rows(`SELECT id FROM items WHERE barcode = 'BC-X'`)).toEqual([]);
  expect(await rows(`SELECT id FROM stock_movements`)).toHaveLength(6); // three openings, three counts
  await expectVersionsWithoutGap();
  expect(await rows(`SELECT v.version FROM version_log v LEFT JOIN applied_mutations a ON a.version = v.version AND a.status = 'applied' WHERE a.id IS NULL`)).toEqual([]);
});

/** Runs `work` with every statement sent to PostgreSQL noted: its text, and the most out at once. */
async function watchingStatements(work: () => Promise<void>): Promise<{ texts: string[]; mostInFlight: number }> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let inFlight = 0;
  const seen = { texts: [] as string[], mostInFlight: 0 };
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.texts.push(typeof first === 'string' ? first : (first.text ?? ''));
    const answer = original.apply(this, args);
    if (!(answer instanceof Promise)) return answer;
    seen.mostInFlight = Math.max(seen.mostInFlight, ++inFlight);
    return answer.finally(() => inFlight--);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return seen;
}

it.runIf(testEngine() === 'postgres')('on PostgreSQL, a clean push keeps its statements in flight rather than waiting for each, and uses no savepoint', async () => {
  await push([entry('createCategory', { id: categoryId, name: 'Filters' })]);
  const { texts, mostInFlight } = await watchingStatements(async () => {
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const results = await push(ids.flatMap((id, n) => [createItem(id, `BC-${n}`), adjust(id, 1)]));
    expect(results.every((answer) => answer.status === 'applied')).toBe(true);
  });
  // Waiting for each statement, one would be in flight at a time.
  expect(mostInFlight).toBeGreaterThan(10);
  expect(texts.filter((text) => /savepoint/i.test(text))).toEqual([]);
});

it.runIf(testEngine() === 'postgres')('a push holding an entry that waits (425) is applied twice once, then entry by entry at once', async () => {
  // A cash move into a drawer session the server does not hold yet: not recorded, so offered again at every sync.
  const waiting = entry('moveDrawerCash', { id: randomUUID(), sessionId: randomUUID(), kind: 'payIn', amount: 1000, reason: 'Change from the bank' });
  const transactions = (texts: string[]) => texts.filter((text) => /^begin/i.test(text)).length;
  const first = await watchingStatements(async () => {
    const results = await push([entry('createCategory', { id: categoryId, name: 'Filters' }), waiting]);
    expect(results.map((answer) => [answer.status, answer.httpStatus])).toEqual([
      ['applied', undefined],
      ['rejected', 425],
    ]);
  });
  expect(transactions(first.texts)).toBe(2); // together, failed at the entry; then entry by entry
  const again = await watchingStatements(async () => {
    const results = await push([createItem(randomUUID(), 'BC-7'), waiting]);
    expect(results.map((answer) => [answer.status, answer.httpStatus])).toEqual([
      ['applied', undefined],
      ['rejected', 425],
    ]);
  });
  expect(transactions(again.texts)).toBe(1);
});

it.runIf(testEngine() === 'postgres')("a push touching a record with no row (an unpaid balance's payment) is applied once and names it", async () => {
  const customer = customerWithVehicle({ email: true });
  await push([entry('createCustomer', customer as unknown as Json)]);
  const paymentId = randomUUID();
  const balance = {
    id: randomUUID(),
    customerId: customer.id,
    invoiceNo: '1042',
    date: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10),
    dueDate: new Date(Date.now() - 70 * 86_400_000).toISOString().slice(0, 10),
    total: 12500,
    paid: 0,
    paymentId,
    note: 'From the old ledger',
  };
  let results: (Answer & { missing?: string[] })[] = [];
  const { texts } = await watchingStatements(async () => {
    results = await push([entry('recordOpeningBalance', balance)]);
  });
  expect(results[0]).toMatchObject({ status: 'applied', missing: [`payments:${paymentId}`] });
  // One transaction: a touched record with no row does not fail the first attempt.
  expect(texts.filter((text) => /^begin/i.test(text))).toHaveLength(1);
});
