import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestServer, type SeededUser, type TestServer } from './helpers';
import { devices } from '../src/db/schema';
import { deviceCodeLimits, freeDeviceCode } from '../src/sales/device-code';

// Issue 24, point 6: one Staff token minted 2,000 register codes at 110 a second, and the search for
// a free code had no bound. Now: a rate limit and a cap per user, and a bounded search.

let server: TestServer;
let staff: SeededUser;
beforeEach(() => {
  server = makeTestServer();
  staff = server.userWithRole('Staff');
});
afterEach(() => server.close());

const ask = (token: string, clientId: string) => server.call('POST', '/api/sync/device', token, { clientId });

describe('POST /api/sync/device', () => {
  it(`registers at most ${deviceCodeLimits.maxNewDevicesPerMinute} new devices a minute per user; a known device still gets its code`, async () => {
    const codes: string[] = [];
    for (let i = 0; i < deviceCodeLimits.maxNewDevicesPerMinute; i++) {
      const answer = await ask(staff.token, `device-rate-${i}`);
      expect(answer.status).toBe(200);
      codes.push(answer.json.code as string);
    }
    const refused = await ask(staff.token, 'device-rate-over');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, message: expect.stringMatching(/Too many new devices/) });
    expect(server.db.select().from(devices).all()).toHaveLength(deviceCodeLimits.maxNewDevicesPerMinute);
    // A device that has its code asks again at every login: still answered.
    expect((await ask(staff.token, 'device-rate-0')).json.code).toBe(codes[0]);
    // Another user is not held by this one's registrations.
    expect((await ask(server.userWithRole('Staff').token, 'device-other')).status).toBe(200);
  });

  it(`registers at most ${deviceCodeLimits.maxDevicesPerUser} devices per user in all`, async () => {
    const now = new Date().toISOString();
    server.db.transaction((tx) => {
      for (let i = 0; i < deviceCodeLimits.maxDevicesPerUser; i++) {
        tx.insert(devices)
          .values({ clientId: `old-device-${i}`, code: `DX${String(i).padStart(3, '0')}`, userId: staff.id, createdAt: now })
          .run();
      }
    });
    const refused = await ask(staff.token, 'device-cap-over');
    expect(refused.status).toBe(409);
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toMatch(/the most one user may/);
  });
});

describe('freeDeviceCode', () => {
  it(`gives up after ${deviceCodeLimits.maxCodeTries} taken codes instead of looking for ever`, () => {
    server.db.insert(devices).values({ clientId: 'holder', code: 'DTAKE', userId: staff.id, createdAt: new Date().toISOString() }).run();
    let tries = 0;
    expect(freeDeviceCode(server.db, () => (tries++, 'DTAKE'))).toBeNull();
    expect(tries).toBe(deviceCodeLimits.maxCodeTries);
    expect(freeDeviceCode(server.db, () => 'DFREE')).toBe('DFREE');
  });
});
