import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestServer, type SeededUser, type TestServer } from './helpers';
import { devices } from '../src/db/schema';
import { contactResolutionMs, noteDeviceContact } from '../src/sync/device-contact';

// Issue 28: the server keeps each register's last push or pull, so an Admin's bell can name a
// register that has not synced for a day. At most one write a minute per device.

let server: TestServer;
let staff: SeededUser;
beforeEach(async () => {
  server = await makeTestServer();
  staff = await server.userWithRole('Staff');
});
afterEach(() => server.close());

const lastContact = async (clientId: string) => (await server.db.select({ at: devices.lastContactAt }).from(devices).where(eq(devices.clientId, clientId)).get())?.at ?? null;

describe("a register's last contact", () => {
  it('is noted when it asks for its code, pulls and pushes; an unknown client notes nothing', async () => {
    expect((await server.call('POST', '/api/sync/device', staff.token, { clientId: 'tablet-1234' })).status).toBe(200);
    const registered = await lastContact('tablet-1234');
    expect(registered).not.toBeNull();
    await server.db.update(devices).set({ lastContactAt: '2026-11-25T08:00:00.000Z' }).where(eq(devices.clientId, 'tablet-1234')).run();
    expect((await server.call('GET', '/api/sync/pull?since=&client=tablet-1234', staff.token)).status).toBe(200);
    expect((await lastContact('tablet-1234'))! > '2026-11-27').toBe(true);
    await server.db.update(devices).set({ lastContactAt: '2026-11-25T08:00:00.000Z' }).where(eq(devices.clientId, 'tablet-1234')).run();
    const push = await server.call('POST', '/api/sync/push', staff.token, {
      clientId: 'tablet-1234',
      mutations: [{ id: 'x'.repeat(10), clientId: 'tablet-1234', seq: 1, name: 'noSuchOperation', args: {}, createdAt: new Date().toISOString() }],
    });
    expect(push.status).toBe(200);
    expect((await lastContact('tablet-1234'))! > '2026-11-27').toBe(true);
    expect((await server.call('GET', '/api/sync/pull?since=&client=someone-else', staff.token)).status).toBe(200);
    expect(await server.db.select().from(devices).all()).toHaveLength(1);
  });

  it('is written at most once a minute', async () => {
    await server.db.insert(devices).values({ clientId: 'counter-1', code: 'DCNT1', userId: staff.id, createdAt: '2026-11-27T08:00:00.000Z' }).run();
    const t0 = new Date('2026-11-27T08:00:00.000Z');
    await noteDeviceContact(server.db, 'counter-1', t0);
    expect(await lastContact('counter-1')).toBe(t0.toISOString());
    await noteDeviceContact(server.db, 'counter-1', new Date(t0.getTime() + contactResolutionMs - 1));
    expect(await lastContact('counter-1')).toBe(t0.toISOString());
    const later = new Date(t0.getTime() + contactResolutionMs + 1);
    await noteDeviceContact(server.db, 'counter-1', later);
    expect(await lastContact('counter-1')).toBe(later.toISOString());
  });

  it('GET /api/sync/devices lists every register for an Admin; anyone else is refused', async () => {
    await server.call('POST', '/api/sync/device', staff.token, { clientId: 'tablet-5678' });
    const admin = await server.userWithRole('Admin');
    const listed = await server.call('GET', '/api/sync/devices', admin.token);
    expect(listed.status).toBe(200);
    expect(listed.json.devices).toEqual([expect.objectContaining({ code: expect.stringMatching(/^D/), userName: 'Staff user', lastContactAt: expect.any(String) })]);
    expect((await server.call('GET', '/api/sync/devices', staff.token)).status).toBe(403);
    expect((await server.call('GET', '/api/sync/devices', (await server.userWithRole('Manager')).token)).status).toBe(403);
  });
});
