import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { makeTestServer, type TestServer } from './helpers';

// A real temporary SQLite file and the real app, called through app.request() (no port): see helpers.ts.
let server: TestServer;
let adminToken: string;
let managerToken: string;
let staffToken: string;

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await server.userWithRole('Admin')).token;
  managerToken = (await server.userWithRole('Manager')).token;
  staffToken = (await server.userWithRole('Staff')).token;
});

afterAll(() => server.close());

describe('services', () => {
  let oilChangeId: string;

  it('numbers new services SRV-0001, then SRV-0002, on the server', async () => {
    const first = await server.call('POST', '/api/services', adminToken, { name: 'Oil Change', price: 2500 });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ success: true, message: 'Service created', service: { serviceId: 'SRV-0001', name: 'Oil Change', price: 2500 } });
    oilChangeId = first.json.service._id;
    const second = await server.call('POST', '/api/services', managerToken, { name: 'Wheel Alignment', price: '1800.50' });
    expect(second.json.service).toMatchObject({ serviceId: 'SRV-0002', name: 'Wheel Alignment', price: 1800.5 });
  });

  it('ignores a serviceId sent by the client', async () => {
    const { json } = await server.call('POST', '/api/services', adminToken, { name: 'Car Wash', price: 500, serviceId: 'SRV-9999' });
    expect(json.service.serviceId).toBe('SRV-0003');
  });

  it('applies a replayed create once and does not use up a number', async () => {
    const key = `key-${randomUUID()}`;
    const first = await server.call('POST', '/api/services', adminToken, { name: 'Engine Tune', price: 4000 }, { 'Idempotency-Key': key });
    const again = await server.call('POST', '/api/services', adminToken, { name: 'Engine Tune', price: 4000 }, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.json.service).toEqual(first.json.service);
    expect(first.json.service.serviceId).toBe('SRV-0004');
    const listed = (await server.call('GET', '/api/services', adminToken)).json.services.filter((s: { name: string }) => s.name === 'Engine Tune');
    expect(listed).toHaveLength(1);
    const next = await server.call('POST', '/api/services', adminToken, { name: 'Battery Check', price: 0 });
    expect(next.json.service.serviceId).toBe('SRV-0005');
  });

  it('lists services for every role, in number order', async () => {
    const { status, json } = await server.call('GET', '/api/services', staffToken);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.services.map((s: { serviceId: string }) => s.serviceId)).toEqual(['SRV-0001', 'SRV-0002', 'SRV-0003', 'SRV-0004', 'SRV-0005']);
    expect(json.services[0]).toMatchObject({ _id: oilChangeId, name: 'Oil Change', price: 2500 });
  });

  it('searches by service id or name, ignoring case', async () => {
    const byName = (await server.call('GET', '/api/services/search?term=oil', staffToken)).json;
    expect(byName.success).toBe(true);
    expect(byName.services.map((s: { name: string }) => s.name)).toEqual(['Oil Change']);
    const byId = (await server.call('GET', '/api/services/search?term=srv-0002', staffToken)).json;
    expect(byId.services.map((s: { name: string }) => s.name)).toEqual(['Wheel Alignment']);
    const none = (await server.call('GET', '/api/services/search?term=zzz', staffToken)).json;
    expect(none.services).toEqual([]);
    const all = (await server.call('GET', '/api/services/search?term=', staffToken)).json;
    expect(all.services).toHaveLength(5);
  });

  it.each([
    [{ price: 100 }, 'Service name is required.'],
    [{ name: '   ', price: 100 }, 'Service name is required.'],
    [{ name: 'Wash' }, 'Price is required.'],
    [{ name: 'Wash', price: -1 }, 'Price must be a number of at least 0.'],
    [{ name: 'Wash', price: 'ten' }, 'Price must be a number of at least 0.'],
  ])('refuses %j with 400', async (body, message) => {
    const { status, json } = await server.call('POST', '/api/services', adminToken, body);
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message });
  });

  it('updates a service and keeps its number', async () => {
    const { status, json } = await server.call('PUT', `/api/services/${oilChangeId}`, adminToken, { name: 'Full Oil Change', price: 2750.25, serviceId: 'SRV-7777' });
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, message: 'Service updated', service: { serviceId: 'SRV-0001', name: 'Full Oil Change', price: 2750.25 } });
  });

  it('refuses Staff writes with 403 and changes nothing', async () => {
    expect((await server.call('POST', '/api/services', staffToken, { name: 'Sneaky', price: 1 })).status).toBe(403);
    expect((await server.call('PUT', `/api/services/${oilChangeId}`, staffToken, { name: 'Sneaky', price: 1 })).status).toBe(403);
    expect((await server.call('DELETE', `/api/services/${oilChangeId}`, staffToken)).status).toBe(403);
    const oil = (await server.call('GET', '/api/services/search?term=SRV-0001', adminToken)).json.services[0];
    expect(oil.name).toBe('Full Oil Change');
    expect((await server.call('GET', '/api/services', adminToken)).json.services).toHaveLength(5);
  });

  it('deletes a service; its number is never given out again', async () => {
    const { status, json } = await server.call('DELETE', `/api/services/${oilChangeId}`, adminToken);
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, message: 'Service deleted' });
    expect((await server.call('GET', '/api/services/search?term=SRV-0001', adminToken)).json.services).toEqual([]);
    const next = await server.call('POST', '/api/services', adminToken, { name: 'Brake Bleed', price: 1500 });
    expect(next.json.service.serviceId).toBe('SRV-0006');
  });

  it('numbers a service pushed from an offline device and sends the number back in the pull', async () => {
    const id = randomUUID();
    const mutation = {
      id: randomUUID(),
      clientId: 'device-1',
      seq: 1,
      name: 'createService',
      args: { id, name: 'Offline Wash', price: '750' },
      createdAt: new Date().toISOString(),
    };
    const pushed = await server.call('POST', '/api/sync/push', adminToken, { clientId: 'device-1', mutations: [mutation] });
    expect(pushed.json.results[0]).toMatchObject({ status: 'applied' });
    // The same outbox entry sent again (its answer was lost) takes no second number.
    await server.call('POST', '/api/sync/push', adminToken, { clientId: 'device-1', mutations: [mutation] });
    const pulled = (await server.call('GET', '/api/sync/pull', adminToken)).json as { changes: { table: string; id: string; row: { serviceId: string } }[] };
    expect(pulled.changes.filter((change) => change.table === 'services' && change.id === id).map((change) => change.row.serviceId)).toEqual(['SRV-0007']);
    expect((await server.call('GET', '/api/services/search?term=Offline Wash', adminToken)).json.services).toHaveLength(1);
    expect((await server.call('POST', '/api/services', adminToken, { name: 'After', price: 1 })).json.service.serviceId).toBe('SRV-0008');
  });

  it('answers 404 for an unknown service', async () => {
    expect((await server.call('PUT', `/api/services/${randomUUID()}`, adminToken, { name: 'X', price: 1 })).status).toBe(404);
    expect((await server.call('DELETE', `/api/services/${randomUUID()}`, adminToken)).status).toBe(404);
  });
});
