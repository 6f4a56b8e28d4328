// Issue 24 point 16: the exactly-once log keeps which record a mutation answered (ids and versions),
// not the record (each company save stored the whole logo again), and forgets entries once no
// device can send them again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appliedMutations } from '../src/db/schema';
import { appliedMutationsKeptDays, pruneAppliedMutations } from '../src/sync/prune-applied-mutations';
import { MutationTx } from '../src/mutations/mutation-tx';
import { inTransaction } from '../src/db/prepared';
import { loggedResult } from '../src/sync/logged-result';
import { makeTestServer, type TestServer } from './helpers';
import type { MutationOutcome } from '@shared/sync/messages';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await makeTestServer();
  token = (await server.userWithRole('Admin')).token;
});
afterAll(() => server.close());

const logoUrl = `data:image/png;base64,${Buffer.alloc(1024 * 1024, 7).toString('base64')}`;
const company = { name: 'Silva Auto Care', address: '12 Galle Road', email: 'office@silva.lk', phone: '0112345678', footer: 'Thanks', logoUrl };
const logged = async (id: string) => (await server.db.select().from(appliedMutations).where(eq(appliedMutations.id, id)).get())!;

const clientId = `device-${randomUUID()}`;
let seq = 0;
async function push(name: string, args: unknown, id = randomUUID()) {
  seq += 1;
  const response = await server.request('POST', '/api/sync/push', {
    token,
    body: { clientId, mutations: [{ id, clientId, seq, name, args, createdAt: new Date().toISOString() }] },
  });
  expect(response.status).toBe(200);
  return response.json.results[0] as MutationOutcome;
}

describe('the exactly-once log', () => {
  it("keeps a company save's record as its id and version, not the logo", async () => {
    const key = `company-save-${randomUUID()}`;
    const saved = await server.call('PUT', '/api/company', token, company, { 'Idempotency-Key': key });
    expect(saved.status, saved.json.message).toBe(200);
    const stored = JSON.stringify((await logged(key)).result);
    expect(stored.length).toBeLessThan(200);
    expect((await logged(key)).result).toEqual({ record: { table: 'company', id: 'company', version: (await logged(key)).version } });

    // The same request again is answered from the log: the company as it is, logo and all, and written once.
    const replay = await server.call('PUT', '/api/company', token, company, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.json.company).toEqual(saved.json.company);
  });

  it('logs a pushed create and delete as references to the record; a replay answers the same', async () => {
    // A push answer carries the status and version, not the row (issue 24); the log keeps the result small.
    const versionOf = (outcome: MutationOutcome) => (outcome.status === 'applied' && outcome.at ? Number(outcome.at.split(':')[0]) : NaN);
    const id = randomUUID();
    const createId = randomUUID();
    const created = await push('createCategory', { id, name: 'Filters', description: 'Oil and air' }, createId);
    expect(created.status).toBe('applied');
    expect((await logged(createId)).result).toEqual({ record: { table: 'categories', id, version: versionOf(created) } });
    expect(await push('createCategory', { id, name: 'Filters', description: 'Oil and air' }, createId)).toEqual(created);

    const deleteId = randomUUID();
    const deleted = await push('deleteCategory', { id }, deleteId);
    expect((await logged(deleteId)).result).toEqual({ record: { table: 'categories', id, version: versionOf(deleted) } });
    expect(await push('deleteCategory', { id }, deleteId)).toEqual(deleted);
  });

  it('keeps a result that is not a record (a bulk payment summary) as it is', async () => {
    const tx = await MutationTx.open(server.db, { id: 'u', name: 'Admin', role: 'Admin' } as never, randomUUID());
    expect(await loggedResult(tx, { id: 'bulk-1', allocations: 2, appliedAmount: 10 })).toEqual({ id: 'bulk-1', allocations: 2, appliedAmount: 10 });
    expect(await loggedResult(tx, undefined)).toBeNull();
  });
});

describe('pruning', () => {
  const entry = async (ageDays: number, db = server.db) => {
    const id = `old-${ageDays}-${randomUUID()}`;
    const createdAt = new Date(Date.now() - ageDays * 24 * 3600_000).toISOString();
    await db.insert(appliedMutations).values({ id, name: 'createCategory', userId: 'u', status: 'applied', httpStatus: 200, result: null, version: null, createdAt }).run();
    return id;
  };
  const present = async (id: string) => (await server.db.select({ id: appliedMutations.id }).from(appliedMutations).where(eq(appliedMutations.id, id)).get()) !== undefined;

  it('forgets entries older than devices keep what they sent (14 days), with a day to spare for clocks', async () => {
    expect(appliedMutationsKeptDays).toBe(15);
    const old = [await entry(40), await entry(15.1)];
    const young = [await entry(14.9), await entry(13), await entry(0)];
    const removed = await pruneAppliedMutations(server.db);
    expect(removed).toBeGreaterThanOrEqual(2);
    for (const id of old) expect(await present(id), id).toBe(false);
    for (const id of young) expect(await present(id), id).toBe(true);
  });

  it('works through a large backlog in small batches', async () => {
    const old = await inTransaction(server.db, async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < 2500; i++) ids.push(await entry(30, tx));
      return ids;
    });
    expect(await pruneAppliedMutations(server.db, { batch: 1000 })).toBe(2500);
    for (const id of old) expect(await present(id)).toBe(false);
  });
});
