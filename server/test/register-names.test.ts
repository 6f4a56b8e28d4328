import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestServer, type SeededUser, type TestServer } from './helpers';
import { devices } from '../src/db/schema';

// Issue 47: an Admin names the registers ('Counter 1'); every device reads the names, to show them
// beside the codes on the X and Z reports and in the bell.

let server: TestServer;
let admin: SeededUser;
let staff: SeededUser;
beforeEach(async () => {
  server = await makeTestServer();
  admin = await server.userWithRole('Admin');
  staff = await server.userWithRole('Staff');
  await server.db
    .insert(devices)
    .values([
      { clientId: 'counter-1', code: 'DCNT1', userId: staff.id, createdAt: '2026-11-27T08:00:00.000Z' },
      { clientId: 'tablet-1', code: 'DTAB1', userId: staff.id, createdAt: '2026-11-27T09:00:00.000Z' },
    ])
    .run();
});
afterEach(() => server.close());

const names = async (token: string) => (await server.call('GET', '/api/sync/registers', token)).json.registers;

describe('register names', () => {
  it('an Admin names a register; every role reads the names, and the Admin sees them in the device list', async () => {
    const named = await server.call('PUT', '/api/sync/devices/DCNT1', admin.token, { name: '  Counter 1 ' });
    expect(named.status).toBe(200);
    expect(named.json).toEqual({ success: true, message: 'Register DCNT1 is now named Counter 1.', register: { code: 'DCNT1', name: 'Counter 1' } });
    const expected = [
      { code: 'DCNT1', name: 'Counter 1' },
      { code: 'DTAB1', name: '' },
    ];
    expect(await names(staff.token)).toEqual(expected);
    expect(await names((await server.userWithRole('Manager')).token)).toEqual(expected);
    expect((await server.call('GET', '/api/sync/devices', admin.token)).json.devices).toEqual([
      expect.objectContaining({ code: 'DCNT1', name: 'Counter 1' }),
      expect.objectContaining({ code: 'DTAB1', name: '' }),
    ]);
  });

  it('a blank name takes the name away', async () => {
    await server.call('PUT', '/api/sync/devices/DTAB1', admin.token, { name: 'Workshop tablet' });
    const cleared = await server.call('PUT', '/api/sync/devices/DTAB1', admin.token, { name: ' ' });
    expect(cleared.status).toBe(200);
    expect(cleared.json.message).toBe('Register DTAB1 has no name now.');
    expect((await names(staff.token))[1]).toEqual({ code: 'DTAB1', name: '' });
  });

  it('only an Admin names one; a name too long or with hidden characters, or an unknown register, is refused', async () => {
    expect((await server.call('PUT', '/api/sync/devices/DCNT1', (await server.userWithRole('Manager')).token, { name: 'Mine' })).status).toBe(403);
    expect((await server.call('PUT', '/api/sync/devices/DCNT1', staff.token, { name: 'Mine' })).status).toBe(403);
    const long = await server.call('PUT', '/api/sync/devices/DCNT1', admin.token, { name: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('Name must be at most 40 characters.');
    expect((await server.call('PUT', '/api/sync/devices/DCNT1', admin.token, { name: 'Counter\u202E1' })).status).toBe(400);
    expect((await server.call('PUT', '/api/sync/devices/DNONE', admin.token, { name: 'Ghost' })).status).toBe(404);
    expect((await names(staff.token)).map((register: { name: string }) => register.name)).toEqual(['', '']);
  });
});
