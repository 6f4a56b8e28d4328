import { inTransaction } from '@server/db/prepared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestServer, type SeededUser, type TestServer } from './helpers';
import { devices } from '../src/db/schema';
import { deviceCodeLimits, freeDeviceCode } from '../src/sales/device-code';

// Issue 24, point 6: one Staff token minted 2,000 register codes at 110 a second, and the search for
// a free code had no bound. Now: a rate limit and a cap per user, and a bounded search.

let server: TestServer;
let staff: SeededUser;
beforeEach(async () => {
  server = await makeTestServer();
  staff = await server.userWithRole('Staff');
});
afterEach(() => server.close());

const ask = async (token: string, clientId: string) => server.call('POST', '/api/sync/device', token, { clientId });

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
    expect(await server.db.select().from(devices).all()).toHaveLength(deviceCodeLimits.maxNewDevicesPerMinute);
    // A device that has its code asks again at every login: still answered.
    expect((await ask(staff.token, 'device-rate-0')).json.code).toBe(codes[0]);
    // Another user is not held by this one's registrations.
    expect((await ask((await server.userWithRole('Staff')).token, 'device-other')).status).toBe(200);
  });

  it(`registers at most ${deviceCodeLimits.maxDevicesPerUser} devices per user in all`, async () => {
    const now = new Date().toISOString();
    await inTransaction(server.db, async (tx) => {
      for (let i = 0; i < deviceCodeLimits.maxDevicesPerUser; i++) {
        await tx
          .insert(devices)
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

describe('POST /api/sync/device with the code the device holds', () => {
  const askHolding = async (clientId: string, code: string) => server.call('POST', '/api/sync/device', staff.token, { clientId, code });

  it.each([
    // what the server knows, the clientId asking, the code it holds, the code it is answered
    ['a known device: its own code, whatever it says it holds', [['tablet-known-1', 'DAAAA']], 'tablet-known-1', 'DBBBB', 'DAAAA'],
    ['a device this server does not know (restored from an older backup): the free code it holds is kept', [], 'tablet-restored', 'DCCCC', 'DCCCC'],
    ['a device holding the code of another client id (two ids from a start-up race): a code of its own', [['tablet-ghost-id', 'DDDDD']], 'tablet-other-id', 'DDDDD', 'new'],
  ] as const)('%s', async (_what, known, clientId, held, expected) => {
    const now = new Date().toISOString();
    for (const [knownId, knownCode] of known) await server.db.insert(devices).values({ clientId: knownId, code: knownCode, userId: staff.id, createdAt: now }).run();
    const answer = await askHolding(clientId, held);
    expect(answer.status).toBe(200);
    if (expected === 'new') expect(answer.json.code).toMatch(/^D[A-Z0-9]{4}$/);
    if (expected === 'new') expect(answer.json.code).not.toBe(held);
    else expect(answer.json.code).toBe(expected);
    // Asked again, the same answer; the code it was given is held by this client id alone.
    expect((await askHolding(clientId, held)).json.code).toBe(answer.json.code);
    expect((await server.db.select().from(devices).all()).filter((row) => row.code === answer.json.code).map((row) => row.clientId)).toEqual([clientId]);
  });

  it('a held code counts against the new-device limit like any other', async () => {
    for (let i = 0; i < deviceCodeLimits.maxNewDevicesPerMinute; i++) expect((await askHolding(`claiming-${i}`, `DQ${String(i).padStart(3, '0')}`)).status).toBe(200);
    expect((await askHolding('claiming-over', 'DQZZZ')).status).toBe(429);
  });

  it('refuses a code that is not a register code, and registers nothing', async () => {
    const refused = await askHolding('tablet-bad-code', 'SRV');
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ success: false, message: 'code is not a register code.' });
    expect(await server.db.select().from(devices).all()).toEqual([]);
  });
});

describe('freeDeviceCode', () => {
  it(`gives up after ${deviceCodeLimits.maxCodeTries} taken codes instead of looking for ever`, async () => {
    await server.db.insert(devices).values({ clientId: 'holder', code: 'DTAKE', userId: staff.id, createdAt: new Date().toISOString() }).run();
    let tries = 0;
    expect(await freeDeviceCode(server.db, () => (tries++, 'DTAKE'))).toBeNull();
    expect(tries).toBe(deviceCodeLimits.maxCodeTries);
    expect(await freeDeviceCode(server.db, () => 'DFREE')).toBe('DFREE');
  });
});
