import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customers } from '../src/db/schema';
import { makeTestServer, type TestServer } from './helpers';
import type { MutationOutcome, PullResponse } from '@shared/sync/messages';
import { customerBody } from '../../tests/factories';

// Issue 24 point 13: a deleted customer's personal data neither travels in tombstones nor stays on the server.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await makeTestServer();
  token = (await server.userWithRole('Admin')).token;
});
afterAll(() => server.close());

// Every field that is personal data given, each with a value of its own to look for.
const personal = customerBody(
  'Nimal Perera',
  '0771234567',
  { licensePlate: 'CAB-1234', vin: 'VIN-99' },
  { contactPerson: 'Kamal Silva', email: 'nimal@mail.lk', address: '12 Galle Road', city: 'Colombo' },
);
// Any of these in an answer means the personal data travelled.
const traces = ['Nimal', 'Kamal', 'nimal@mail.lk', '0771234567', 'Galle', 'Colombo', 'CAB-1234', 'VIN-99'];

const clientId = `device-${randomUUID()}`;
let seq = 0;
async function push(name: string, args: unknown, id = randomUUID()) {
  seq += 1;
  const response = await server.request('POST', '/api/sync/push', {
    token,
    body: { clientId, mutations: [{ id, clientId, seq, name, args, createdAt: new Date().toISOString() }] },
  });
  expect(response.status).toBe(200);
  return { outcome: response.json.results[0] as MutationOutcome, text: response.text };
}

async function pullAll(): Promise<PullResponse['changes']> {
  const changes: PullResponse['changes'] = [];
  let cursor = '';
  for (let guard = 0; guard < 100; guard++) {
    const response = await server.request('GET', `/api/sync/pull?limit=500${cursor ? `&since=${cursor}` : ''}`, { token });
    expect(response.status).toBe(200);
    const page = response.json as PullResponse;
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return changes;
}

describe('a deleted customer', () => {
  const id = randomUUID();
  const deleteId = randomUUID();
  let deleteAnswer = '';

  beforeAll(async () => {
    const created = await server.call('POST', '/api/customers', token, { ...personal, id });
    expect(created.status, created.json.message).toBe(201);
    const deleted = await push('deleteCustomer', { id }, deleteId);
    expect(deleted.outcome.status).toBe('applied');
    deleteAnswer = deleted.text;
  });

  it("travels to a new device's pull as its id, version and deleted flag only", async () => {
    const change = (await pullAll()).find((c) => c.id === id)!;
    expect(change).toMatchObject({ table: 'customers', id, deleted: true });
    expect(change.row).toEqual({ id, version: change.version, deleted: true });
  });

  it('is answered to the device that deleted it without its personal data, and so is a replay', async () => {
    for (const trace of traces) expect(deleteAnswer).not.toContain(trace);
    const replay = await push('deleteCustomer', { id }, deleteId);
    expect(replay.outcome.status).toBe('applied');
    for (const trace of traces) expect(replay.text).not.toContain(trace);
  });

  it('is not kept on the server: its row holds no personal data', async () => {
    const row = (await server.db.select().from(customers).where(eq(customers.id, id)).get())!;
    expect(row.deleted).toBe(true);
    const stored = JSON.stringify(row);
    for (const trace of traces) expect(stored).not.toContain(trace);
    expect(row).toMatchObject({ customerName: '', contactPerson: '', email: '', phone: '', address: '', city: '', vehicles: [] });
  });

  it('leaves the invoices and job cards made for it as they were (they are the shop records)', async () => {
    // A customer made and sold to, then deleted: the invoice still names them.
    const other = randomUUID();
    expect((await server.call('POST', '/api/customers', token, { ...personal, id: other, customerName: 'Sunil Fernando' })).status).toBe(201);
    const job = await push('createJobCard', {
      id: randomUUID(),
      customerId: other,
      vehicleLicensePlate: 'CAB-1234',
      currentMileage: 1000,
      dateIn: new Date().toISOString().slice(0, 10),
      lines: [],
    });
    expect(job.outcome.status, JSON.stringify(job.outcome)).toBe('applied');
    expect((await push('deleteCustomer', { id: other })).outcome.status).toBe('applied');
    const jobRow = (await pullAll()).find((c) => c.table === 'jobCards')!;
    expect(jobRow.row.customerName).toBe('Sunil Fernando');
  });
});

describe('a tombstone of any table', () => {
  it('carries the id, version and deleted flag only', async () => {
    const created = await server.call('POST', '/api/categories', token, { name: 'Brakes', description: 'Pads and discs' });
    expect(created.status).toBe(201);
    const id = created.json.category._id as string;
    expect((await server.call('DELETE', `/api/categories/${id}`, token)).status).toBe(200);
    const change = (await pullAll()).find((c) => c.id === id)!;
    expect(change.row).toEqual({ id, version: change.version, deleted: true });
  });
});
