import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categories } from '../src/db/schema';
import { serverId, currentVersion, nonceOf } from '../src/sync/versions';
import { countRows, makeTestServer, registerAndLogin, tokenForRole, type TestServer } from './helpers';
import { pushBatchMax, type MutationOutcome, type PullResponse } from '@shared/sync/messages';
import { syncProtocol } from '@shared/sync/protocol';
import { customerBody } from '../../tests/factories';

let server: TestServer;
let adminToken: string;
let staffToken: string;

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await registerAndLogin(server)).token;
  staffToken = await tokenForRole(server, 'Staff');
});
afterAll(() => server.close());

const clientId = `device-${randomUUID()}`;
let seq = 0;

/** One outbox entry as a device sends it. */
function mutation(name: string, args: unknown) {
  seq += 1;
  return { id: randomUUID(), clientId, seq, name, args, createdAt: new Date().toISOString() };
}

async function push(mutations: unknown[], token = adminToken) {
  const response = await server.request('POST', '/api/sync/push', { token, body: { clientId, mutations } });
  return response as typeof response & { json: { success: boolean; results: MutationOutcome[] } };
}

async function pull(since?: string, limit?: number, token = adminToken) {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const response = await server.request('GET', `/api/sync/pull?${query}`, { token });
  expect(response.status).toBe(200);
  return response.json as PullResponse;
}

/** Pulls page after page from `since` until hasMore is false. */
async function pullAll(since: string | undefined, limit: number) {
  const pages: PullResponse[] = [];
  let cursor = since;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await pull(cursor, limit);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { pages, cursor: cursor!, changes: pages.flatMap((page) => page.changes) };
}

/** The cursor of a page that ends at `version`: `{serverId}:{version}:{nonce}`. */
const cursorAt = async (db: TestServer['db'], version: number) => `${await serverId(db)}:${version}:${await nonceOf(db, version)}`;

const stored = async (id: string) => server.db.select().from(categories).where(eq(categories.id, id)).get();
const rejected = (outcome: MutationOutcome | undefined) => {
  expect(outcome?.status).toBe('rejected');
  return outcome as Extract<MutationOutcome, { status: 'rejected' }>;
};

describe('POST /api/sync/push', () => {
  it('applies a batch in order and answers one result per mutation, in order', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const batch = [
      mutation('createCategory', { id: a, name: 'Pushed A', description: 'first' }),
      mutation('createCategory', { id: b, name: 'Pushed B' }),
      mutation('updateCategory', { id: a, name: 'Pushed A, renamed' }),
      mutation('deleteCategory', { id: b }),
    ];
    const response = await push(batch);
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
    expect(response.json.results.map((r) => [r.id, r.status])).toEqual(batch.map((m) => [m.id, 'applied']));

    // The update ran after the create, the delete after its create.
    expect(await stored(a)).toMatchObject({ name: 'Pushed A, renamed', description: 'first', deleted: false });
    expect(await stored(b)).toMatchObject({ name: 'Pushed B', deleted: true });
    // Versions follow the order of application: B's delete came last.
    expect((await stored(b))!.version).toBeGreaterThan((await stored(a))!.version);
    const versions = response.json.results.map((r) => Number((r as { at: string }).at.split(':')[0]));
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    // The answer is the status and version alone: the device reads the rows in its pull (issue 24).
    expect(response.json.results.filter((r) => 'result' in r)).toEqual([]);
  });

  it('answers a replayed batch with the same results and changes nothing', async () => {
    const a = randomUUID();
    const batch = [
      mutation('createCategory', { id: a, name: 'Replay me' }),
      mutation('updateCategory', { id: a, description: 'edited' }),
      mutation('updateCategory', { id: randomUUID(), name: 'Nobody' }), // rejected: 404
    ];
    const first = await push(batch);
    expect(first.json.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    const counts = {
      categories: await countRows(server.db, 'categories'),
      applied: await countRows(server.db, 'applied_mutations'),
      version: await currentVersion(server.db),
      row: await stored(a),
    };

    // A replay answers the same outcomes and versions (the log keeps them, issue 24, point 16).
    const second = await push(batch);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    const third = await push(batch);
    expect(third.json).toEqual(second.json);

    expect(await countRows(server.db, 'categories')).toBe(counts.categories);
    expect(await countRows(server.db, 'categories', `name = 'Replay me'`)).toBe(1);
    expect(await countRows(server.db, 'applied_mutations')).toBe(counts.applied);
    expect(await currentVersion(server.db)).toBe(counts.version);
    expect(await stored(a)).toEqual(counts.row);
  });

  it('replays a mutation that appears twice in one batch only once', async () => {
    const id = randomUUID();
    const create = mutation('createCategory', { id, name: 'Twice in a batch' });
    const response = await push([create, create]);
    expect(response.json.results).toHaveLength(2);
    expect(response.json.results[1]).toEqual(response.json.results[0]);
    expect(await countRows(server.db, 'categories', `id = '${id}'`)).toBe(1);
  });

  it('does not let a rejected mutation block the ones after it; a rejection carries the server row', async () => {
    const existing = randomUUID();
    expect((await push([mutation('createCategory', { id: existing, name: 'Already here' })])).json.results[0]!.status).toBe('applied');
    const ghost = randomUUID();
    const after = randomUUID();
    const batch = [
      mutation('updateCategory', { id: ghost, name: 'No such row' }), // 404, current row null
      mutation('createCategory', { id: existing, name: 'Duplicate id' }), // 409, current = the server row
      mutation('updateCategory', { id: existing, name: '   ' }), // 400, current = the server row
      mutation('createCategory', { id: after, name: 'After the failures' }), // applied
    ];
    const response = await push(batch);
    expect(response.status).toBe(200);
    const [notFound, duplicate, invalid, applied] = response.json.results;

    expect(rejected(notFound)).toEqual({
      id: batch[0]!.id,
      status: 'rejected',
      httpStatus: 404,
      message: 'Category not found. It may have been deleted.',
      current: [{ table: 'categories', id: ghost, row: null }],
    });

    const serverRow = (await stored(existing))!;
    expect(rejected(duplicate)).toMatchObject({ httpStatus: 409, message: 'This category already exists.' });
    expect(rejected(duplicate).current).toEqual([{ table: 'categories', id: existing, row: JSON.parse(JSON.stringify(serverRow)) }]);
    expect(rejected(duplicate).current[0]!.row).toMatchObject({ id: existing, name: 'Already here', deleted: false, version: serverRow.version });

    expect(rejected(invalid)).toMatchObject({ httpStatus: 400, message: 'Category name is required.' });
    expect(rejected(invalid).current[0]!.row).toMatchObject({ id: existing, name: 'Already here' });

    expect(applied).toMatchObject({ id: batch[3]!.id, status: 'applied' });
    expect((await stored(after))?.name).toBe('After the failures');
    expect((await stored(existing))?.name).toBe('Already here');
  });

  it('carries current row null for a record that is a tombstone', async () => {
    const id = randomUUID();
    await push([mutation('createCategory', { id, name: 'Soon gone' }), mutation('deleteCategory', { id })]);
    const [outcome] = (await push([mutation('updateCategory', { id, name: 'Edit after delete' })])).json.results;
    expect(rejected(outcome)).toMatchObject({ httpStatus: 404, current: [{ table: 'categories', id, row: null }] });
  });

  it('rejects an unknown mutation name with 400 and goes on', async () => {
    const id = randomUUID();
    const batch = [mutation('dropAllTables', { id: randomUUID() }), mutation('createCategory', { id, name: 'After unknown' })];
    const before = await countRows(server.db, 'categories');
    const response = await push(batch);
    expect(response.status).toBe(200);
    expect(rejected(response.json.results[0])).toEqual({
      id: batch[0]!.id,
      status: 'rejected',
      httpStatus: 400,
      message: 'Unknown operation: dropAllTables.',
      current: [],
    });
    expect(response.json.results[1]!.status).toBe('applied');
    expect(await countRows(server.db, 'categories')).toBe(before + 1);
  });

  it('refuses Staff pushing createCategory with a 403 rejection, and writes nothing', async () => {
    const id = randomUUID();
    const before = await countRows(server.db, 'categories');
    const batch = [mutation('createCategory', { id, name: 'Staff category' })];
    const response = await push(batch, staffToken);
    expect(response.status).toBe(200);
    expect(rejected(response.json.results[0])).toEqual({
      id: batch[0]!.id,
      status: 'rejected',
      httpStatus: 403,
      message: 'Your role (Staff) may not do this.',
      current: [{ table: 'categories', id, row: null }],
    });
    expect(await countRows(server.db, 'categories')).toBe(before);
    // Replayed, the refusal stays a refusal.
    expect((await push(batch, staffToken)).json).toEqual(response.json);
  });

  it('lets Staff push what their role allows (createCustomer) in the same batch as a refusal', async () => {
    const customer = randomUUID();
    const batch = [mutation('deleteCategory', { id: randomUUID() }), mutation('createCustomer', { ...customerBody('Staff Customer', '0771234567', 'cab-1234'), id: customer })];
    const response = await push(batch, staffToken);
    expect(rejected(response.json.results[0]).httpStatus).toBe(403);
    expect(response.json.results[1]).toMatchObject({ status: 'applied' });
    expect(await countRows(server.db, 'customers', `id = '${customer}'`)).toBe(1);
  });

  it.each([
    ['an empty mutations list', { clientId: 'd', mutations: [] }],
    ['a missing clientId', { mutations: [{ id: 'm1', clientId: 'd', seq: 1, name: 'createCategory', args: {}, createdAt: 'now' }] }],
    ['a mutation without an id', { clientId: 'd', mutations: [{ clientId: 'd', seq: 1, name: 'createCategory', args: {}, createdAt: 'now' }] }],
    ['a negative seq', { clientId: 'd', mutations: [{ id: 'm1', clientId: 'd', seq: -1, name: 'createCategory', args: {}, createdAt: 'now' }] }],
    [
      `more than ${pushBatchMax} mutations`,
      { clientId: 'd', mutations: Array.from({ length: pushBatchMax + 1 }, (_, i) => ({ id: `m${i}`, clientId: 'd', seq: i, name: 'x', args: {}, createdAt: 'now' })) },
    ],
    ['an array body', []],
  ])('refuses a malformed push (%s) with 400 and applies nothing', async (_label, body) => {
    const before = { categories: await countRows(server.db, 'categories'), applied: await countRows(server.db, 'applied_mutations') };
    const response = await server.request('POST', '/api/sync/push', { token: adminToken, body });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: expect.any(String) });
    expect(await countRows(server.db, 'categories')).toBe(before.categories);
    expect(await countRows(server.db, 'applied_mutations')).toBe(before.applied);
  });

  it('requires a token for push and pull', async () => {
    expect((await server.request('POST', '/api/sync/push', { body: { clientId, mutations: [mutation('createCategory', { id: 'x', name: 'x' })] } })).status).toBe(401);
    expect((await server.request('GET', '/api/sync/pull')).status).toBe(401);
  });
});

describe('GET /api/sync/pull', () => {
  // A fresh server so the version space holds only what these tests write.
  let fresh: TestServer;
  let token: string;

  beforeAll(async () => {
    fresh = await makeTestServer();
    token = (await registerAndLogin(fresh)).token;
  });
  afterAll(() => fresh.close());

  const freshPull = async (since?: string, limit?: number) => {
    const query = new URLSearchParams();
    if (since !== undefined) query.set('since', since);
    if (limit !== undefined) query.set('limit', String(limit));
    const response = await fresh.request('GET', `/api/sync/pull?${query}`, { token });
    expect(response.status).toBe(200);
    return response.json as PullResponse;
  };
  const freshPullAll = async (since: string | undefined, limit: number) => {
    const pages: PullResponse[] = [];
    let cursor = since;
    for (let guard = 0; guard < 1000; guard++) {
      const page = await freshPull(cursor, limit);
      pages.push(page);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    return { pages, cursor: cursor!, changes: pages.flatMap((page) => page.changes) };
  };

  const ids: string[] = [];
  let lastCursor = '';

  it('starts empty: no changes, no reset, cursor at version 0', async () => {
    const page = await freshPull();
    expect(page).toEqual({ cursor: `${await serverId(fresh.db)}:0:`, hasMore: false, reset: false, changes: [] });
    expect(await serverId(fresh.db)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('pages 25 categories with limit=10: 10, 10, 5, versions strictly increasing, each once', async () => {
    for (let i = 0; i < 25; i++) {
      const response = await fresh.request('POST', '/api/categories', { token, body: { name: `Category ${String(i).padStart(2, '0')}` } });
      expect(response.status).toBe(201);
      ids.push(response.json.category._id as string);
    }
    const { pages, cursor, changes } = await freshPullAll(undefined, 10);
    expect(pages.map((p) => p.changes.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.every((p) => p.reset === false)).toBe(true);

    const versions = changes.map((c) => c.version);
    for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThan(versions[i - 1]!);
    expect(changes.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(new Set(changes.map((c) => c.id)).size).toBe(25);

    // The cursor is `{serverId}:{last version of the page}:{that version's nonce}`.
    for (const page of pages) {
      expect(page.cursor).toMatch(/^[0-9a-f-]{36}:\d+:[0-9a-f]{16}$/);
      expect(page.cursor).toBe(await cursorAt(fresh.db, page.changes.at(-1)!.version));
    }
    expect(cursor).toBe(await cursorAt(fresh.db, await currentVersion(fresh.db)));

    // Each change is typed as a device stores it.
    for (const change of changes) {
      expect(change).toMatchObject({ table: 'categories', deleted: false });
      expect(change.row).toMatchObject({ id: change.id, version: change.version, deleted: false, description: '' });
      expect(change.row.name).toMatch(/^Category \d\d$/);
    }
    lastCursor = cursor;
  });

  it('answers an up-to-date cursor with no changes and the same cursor', async () => {
    const page = await freshPull(lastCursor, 10);
    expect(page).toEqual({ cursor: lastCursor, hasMore: false, reset: false, changes: [] });
  });

  it('sends a delete as one tombstone change', async () => {
    const gone = ids[7]!;
    const response = await fresh.request('DELETE', `/api/categories/${gone}`, { token });
    expect(response.status).toBe(200);
    const page = await freshPull(lastCursor, 10);
    expect(page.hasMore).toBe(false);
    expect(page.reset).toBe(false);
    expect(page.changes).toHaveLength(1);
    const [change] = page.changes;
    expect(change).toMatchObject({ table: 'categories', id: gone, deleted: true });
    expect(change!.row.deleted).toBe(true); // a boolean, not SQLite's 1
    expect(change!.version).toBeGreaterThan(Number(lastCursor.split(':')[1]));
    expect(page.cursor).toBe(await cursorAt(fresh.db, change!.version));
    lastCursor = page.cursor;
  });

  it('sends an edited row once, at its new version, in a full pull', async () => {
    const edited = ids[3]!;
    expect((await fresh.request('PUT', `/api/categories/${edited}`, { token, body: { name: 'Edited 03' } })).status).toBe(200);
    const page = await freshPull(lastCursor);
    expect(page.changes.map((c) => [c.id, c.row.name])).toEqual([[edited, 'Edited 03']]);
    lastCursor = page.cursor;

    const all = await freshPullAll(undefined, 7);
    expect(all.changes).toHaveLength(25);
    expect(new Set(all.changes.map((c) => c.id)).size).toBe(25);
    expect(all.changes.filter((c) => c.deleted).map((c) => c.id)).toEqual([ids[7]]);
    expect(all.changes.at(-1)!.id).toBe(edited);
    expect(all.cursor).toBe(lastCursor);
  });

  it('merges tables in version order', async () => {
    const created = await fresh.request('POST', '/api/services', { token, body: { name: 'Oil change', price: 1500 } });
    expect(created.status).toBe(201);
    const category = await fresh.request('POST', '/api/categories', { token, body: { name: 'After the service' } });
    expect(category.status).toBe(201);
    const page = await freshPull(lastCursor);
    expect(page.changes.map((c) => c.table)).toEqual(['services', 'categories']);
    expect(page.changes[0]!.row).toMatchObject({ name: 'Oil change', priceCents: 150_000 });
    expect(page.changes[1]!.version).toBeGreaterThan(page.changes[0]!.version);
    lastCursor = page.cursor;
  });

  it('pages exactly at the limit: a last page of exactly `limit` has hasMore false', async () => {
    const full = await freshPullAll(undefined, 1000);
    const total = full.changes.length;
    const page = await freshPull(undefined, total);
    expect(page.changes).toHaveLength(total);
    expect(page.hasMore).toBe(false);
    const short = await freshPull(undefined, total - 1);
    expect(short.changes).toHaveLength(total - 1);
    expect(short.hasMore).toBe(true);
  });

  it.each([
    ['a cursor from another server id', async () => `${randomUUID()}:3:${await nonceOf(fresh.db, 3)}`, 'other-server'],
    ['a cursor of the old form (no nonce)', async () => `${await serverId(fresh.db)}:3`, 'other-server'],
    ['a garbled cursor', () => 'not-a-cursor', 'other-server'],
    ['a cursor with a negative version', async () => `${await serverId(fresh.db)}:-1:`, 'other-server'],
    ['a cursor from the future', async () => `${await serverId(fresh.db)}:${(await currentVersion(fresh.db)) + 1}:`, 'diverged'],
    // A restored backup gave version 3 out again, with another nonce: the device saw another history.
    ['a cursor whose nonce this history never gave out', async () => `${await serverId(fresh.db)}:3:00000000deadbeef`, 'diverged'],
  ])('answers %s with reset: true, the reason, and everything from the start', async (_label, cursor, reason) => {
    const page = await freshPull(await cursor(), 1000);
    expect(page.reset).toBe(true);
    expect(page.resetReason).toBe(reason);
    expect(page.hasMore).toBe(false);
    const everything = await freshPull(undefined, 1000);
    expect(page.changes).toEqual(everything.changes);
    expect(page.cursor).toBe(await cursorAt(fresh.db, await currentVersion(fresh.db)));
  });

  it('answers an acknowledged point this history does not hold (ack=) with a diverged reset', async () => {
    const page = await freshPull(await cursorAt(fresh.db, 2));
    expect(page.reset).toBe(false);
    const withAck = await fresh.request('GET', `/api/sync/pull?since=${await cursorAt(fresh.db, 2)}&ack=3:00000000deadbeef`, { token });
    expect(withAck.json).toMatchObject({ reset: true, resetReason: 'diverged' });
    const goodAck = await fresh.request('GET', `/api/sync/pull?since=${await cursorAt(fresh.db, 2)}&ack=3:${await nonceOf(fresh.db, 3)}`, { token });
    expect(goodAck.json).toMatchObject({ reset: false });
  });

  it('answers a real cursor of another server (another SQLite file) with reset', async () => {
    const foreign = (await pull(undefined, 5)).cursor; // a genuine cursor of the suite's other server
    expect(foreign.split(':')[0]).not.toBe(await serverId(fresh.db));
    const page = await freshPull(foreign, 1000);
    expect(page.reset).toBe(true);
  });

  it('treats a missing, zero or non-numeric limit as the default page size and caps large ones', async () => {
    const total = (await freshPull(undefined, 2000)).changes.length;
    for (const limit of ['0', 'abc', '-5', '99999']) {
      const response = await fresh.request('GET', `/api/sync/pull?limit=${limit}`, { token });
      expect(response.status).toBe(200);
      // -5 clamps to 1; the others give a full page here.
      expect(response.json.changes).toHaveLength(limit === '-5' ? 1 : total);
    }
  });

  it('lets Staff pull', async () => {
    const staff = await tokenForRole(fresh, 'Staff');
    const response = await fresh.request('GET', '/api/sync/pull', { token: staff });
    expect(response.status).toBe(200);
    expect((response.json as PullResponse).changes.length).toBeGreaterThan(0);
  });
});

describe('push then pull, end to end', () => {
  it('a device pushes, another device pulls from its cursor and sees exactly those rows', async () => {
    const start = (await pullAll(undefined, 500)).cursor;
    const a = randomUUID();
    const b = randomUUID();
    await push([mutation('createCategory', { id: a, name: 'E2E A' }), mutation('createCategory', { id: b, name: 'E2E B' }), mutation('deleteCategory', { id: a })]);
    const { changes, cursor } = await pullAll(start, 1);
    expect(changes.map((c) => [c.id, c.deleted])).toEqual([
      [b, false],
      [a, true],
    ]);
    expect(cursor).toBe(await cursorAt(server.db, await currentVersion(server.db)));
  });
});

describe('a protocol that can grow (shared/sync/protocol.ts)', () => {
  let fresh: TestServer;
  let token: string;
  const tables = 'categories,customers,items,services,company';

  beforeAll(async () => {
    fresh = await makeTestServer();
    token = (await registerAndLogin(fresh)).token;
    // A category and a customer: rows of two tables.
    expect((await fresh.request('POST', '/api/categories', { token, body: { name: 'Filters' } })).status).toBe(201);
    const made = await fresh.request('POST', '/api/customers', { token, body: customerBody('Nimal Silva', '0771234567', 'cab-1234') });
    expect(made.status, made.text).toBe(201);
  });
  afterAll(() => fresh.close());

  const get = async (query: string) => fresh.request('GET', `/api/sync/pull?${query}`, { token });

  it('answers a pull only rows of the tables it names, and names the tables it covers (leaving out names it does not know)', async () => {
    const response = await get(`protocol=2&tables=categories,company,purchases`);
    expect(response.status).toBe(200);
    const page = response.json as PullResponse;
    expect(page.tables).toEqual(['categories', 'company']);
    expect(new Set(page.changes.map((change) => change.table))).toEqual(new Set(['categories']));
    // Its cursor is where that answer ends, not past the customer's row it left out.
    expect(page.cursor).toBe(await cursorAt(fresh.db, page.changes.at(-1)!.version));
  });

  it('a pull that names no tables (protocol 1) is answered protocol 1 tables, without a table list', async () => {
    const page = (await get('')).json as PullResponse;
    expect(page.tables).toBeUndefined();
    expect(new Set(page.changes.map((change) => change.table))).toEqual(new Set(['categories', 'customers']));
  });

  it('a catch-up (its own cursor, from the start) answers only its tables and covers only them', async () => {
    const page = (await get(`protocol=2&tables=${tables}&since=&catchup=customers`)).json as PullResponse;
    expect(page.tables).toEqual(['customers']);
    expect(page.changes.map((change) => change.table)).toEqual(['customers']);
    const next = (await get(`protocol=2&tables=${tables}&since=${encodeURIComponent(page.cursor)}&catchup=customers`)).json as PullResponse;
    expect(next).toMatchObject({ tables: ['customers'], changes: [], hasMore: false });
    // A table named for catch-up that the server does not know: an empty catch-up, not the ordinary pull.
    const unknown = (await get(`protocol=2&tables=${tables},purchases&catchup=purchases`)).json as PullResponse;
    expect(unknown).toMatchObject({ tables: [], changes: [], hasMore: false });
  });

  it.each([
    ['tables=categories;drop', 'tables must be a comma-separated list of at most 100 table names.'],
    ['tables=', 'tables must be a comma-separated list of at most 100 table names.'],
    [`tables=${Array.from({ length: 101 }, (_, i) => `t${i}`).join(',')}`, 'tables must be a comma-separated list of at most 100 table names.'],
    ['tables=categories&catchup=a,,b', 'catchup must be a comma-separated list of at most 100 table names.'],
    ['protocol=0', 'protocol must be a whole number from 1.'],
    ['protocol=two', 'protocol must be a whole number from 1.'],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message });
  });

  it('refuses an unknown operation from a build newer than the server without recording it, so a later server applies it', async () => {
    const unknown = mutation('receivePurchase', { id: randomUUID() });
    const response = await fresh.request('POST', '/api/sync/push', { token, body: { clientId, mutations: [unknown], protocol: syncProtocol + 1 } });
    expect(response.status).toBe(200);
    expect((response.json as { results: MutationOutcome[] }).results).toEqual([
      {
        id: unknown.id,
        status: 'rejected',
        httpStatus: 501,
        message:
          'The server runs an older version than this app and does not know this change (receivePurchase) yet. It stays on this device and is sent once the server is updated.',
        current: [],
      },
    ]);
    expect(await countRows(fresh.db, 'applied_mutations', `id = '${unknown.id}'`)).toBe(0);
    // The same from a build no newer than the server: unknown, refused for good.
    const again = await fresh.request('POST', '/api/sync/push', { token, body: { clientId, mutations: [unknown], protocol: syncProtocol } });
    expect(rejected((again.json as { results: MutationOutcome[] }).results[0])).toMatchObject({ httpStatus: 400, message: 'Unknown operation: receivePurchase.' });
    expect(await countRows(fresh.db, 'applied_mutations', `id = '${unknown.id}'`)).toBe(1);
  });
});
