/**
 * Issue 42 (found by the hostile-device run): a register's clientId is no secret (every exported
 * outbox carries it), and a Staff member who pushed under another register's clientId had their
 * pay-out leave that register's drawer. Each device now makes a key of its own and sends it with its
 * check-in; the server takes the first, the register's pushes and pulls carry it, and a push naming a
 * register it does not come from is refused whole, writing nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { countRows, makeTestServer, type Json, type TestServer } from './helpers';
import { deviceKeyHeader } from '@shared/sync/messages';
import { syncedTables } from '@shared/sync/tables';
import { deviceKeyWords } from '../src/sync/device-keys';

let server: TestServer;
let admin: string;
let staff: string;

beforeEach(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  staff = (await server.userWithRole('Staff')).token;
});
afterEach(() => server.close());

const newKey = () => randomBytes(24).toString('base64url');

/** A check-in as the app makes it, sending the device's key (`null`: an older build, which sends none); its answer and the key sent. */
async function checkIn(token: string, clientId: string, options: { code?: string; key?: string | null } = {}) {
  const key = options.key === undefined ? newKey() : options.key;
  const answer = await server.call('POST', '/api/sync/device', token, { clientId, ...(options.code ? { code: options.code } : {}), ...(key ? { deviceKey: key } : {}) });
  expect(answer.status).toBe(200);
  return { code: answer.json.code as string, key: key ?? '', answer: answer.json };
}
const push = async (token: string, clientId: string, name: string, args: Json, key?: string) =>
  server.call(
    'POST',
    '/api/sync/push',
    token,
    { clientId, mutations: [{ id: randomUUID(), clientId, seq: 1, name, args, createdAt: new Date().toISOString() }] },
    { [deviceKeyHeader]: key ?? '' },
  );
const heldKey = async (clientId: string) => await server.db.$client.prepare('SELECT key FROM devices WHERE clientId = ?').pluck().get(clientId);

describe("a register's own key", () => {
  it('is the first one the server is sent: never answered back, and not replaced by another device naming its clientId', async () => {
    const first = await checkIn(admin, 'counter-1');
    expect(first.answer).not.toHaveProperty('deviceKey');
    expect(await heldKey('counter-1')).toBe(first.key);
    await checkIn(admin, 'counter-1', { key: first.key });
    await checkIn(staff, 'counter-1', { code: first.code });
    await checkIn(admin, 'counter-1', { code: first.code });
    expect(await heldKey('counter-1')).toBe(first.key);
  });

  it('a check-in whose answer was lost leaves the device its key: it pushes with the key it made', async () => {
    const key = newKey();
    await checkIn(admin, 'counter-1', { key }); // the answer never reached the device
    const again = await checkIn(admin, 'counter-1', { key });
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 }, key)).json.results[0]).toMatchObject({ status: 'applied' });
    expect(again.code).toMatch(/^D/);
  });

  it('refuses a key that is not one in words, writing nothing', async () => {
    const answer = await server.call('POST', '/api/sync/device', admin, { clientId: 'counter-1', deviceKey: 'short' });
    expect([answer.status, answer.json.success, answer.json.message]).toEqual([400, false, 'deviceKey is not a device key.']);
    expect(await countRows(server.db, 'devices')).toBe(0);
  });

  it("Staff cannot pay out of another register's drawer by naming its clientId: refused whole, nothing written", async () => {
    const counter = await checkIn(admin, 'counter-1');
    const session = randomUUID();
    expect((await push(admin, 'counter-1', 'openDrawer', { id: session, float: 5000 }, counter.key)).json.results[0]).toMatchObject({ status: 'applied' });
    await checkIn(staff, 'staff-tablet');
    const before = await countRows(server.db, 'drawer_moves');
    const payOut = { id: randomUUID(), sessionId: session, kind: 'payOut', amount: 4000, reason: 'Bank' };
    for (const key of [undefined, newKey()]) {
      const forged = await push(staff, 'counter-1', 'moveDrawerCash', payOut, key);
      expect([forged.status, forged.json.message]).toEqual([403, deviceKeyWords.mismatch]);
    }
    expect(await countRows(server.db, 'drawer_moves')).toBe(before);
    expect(await countRows(server.db, 'applied_mutations', `id IN (SELECT id FROM applied_mutations WHERE name = 'moveDrawerCash')`)).toBe(0);
    // The register itself, with its key, pays out as ever.
    expect((await push(admin, 'counter-1', 'moveDrawerCash', payOut, counter.key)).json.results[0]).toMatchObject({ status: 'applied' });
  });

  it("a pull naming another register without its key reads as no register: Staff get none of that register's drawer", async () => {
    const counter = await checkIn(admin, 'counter-1');
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 5000 }, counter.key)).json.results[0]).toMatchObject({ status: 'applied' });
    const sessions = async (key?: string) =>
      (
        (await server.call('GET', `/api/sync/pull?client=counter-1&tables=${syncedTables.join(',')}`, staff, undefined, { [deviceKeyHeader]: key ?? '' })).json.changes as Json[]
      ).filter((change) => change.table === 'drawerSessions').length;
    expect(await sessions()).toBe(0);
    expect(await sessions(counter.key)).toBe(1);
  });

  it('a register from before keys is taken as before, takes its key from its registrant naming its code, and is then held to it', async () => {
    const counter = await checkIn(admin, 'counter-1');
    await server.db.$client.prepare('UPDATE devices SET key = NULL').run();
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 })).json.results[0]).toMatchObject({ status: 'applied' });
    // Naming another code (a device that only guessed the clientId) gives no key; nor does a Staff
    // member who names the right code (it is printed on every invoice) of a register they did not register.
    await checkIn(staff, 'counter-1', { code: 'DZZZZ' });
    await checkIn(staff, 'counter-1', { code: counter.code });
    expect(await heldKey('counter-1')).toBeNull();
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 })).json.results[0]).toMatchObject({ status: 'applied' });
    const again = await checkIn(admin, 'counter-1', { code: counter.code });
    expect(await heldKey('counter-1')).toBe(again.key);
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 })).status).toBe(403);
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 }, again.key)).status).toBe(200);
  });

  it('a build that sends no key (older) pushes as before, until a build that sends one', async () => {
    const old = await checkIn(staff, 'tablet-old', { key: null });
    expect(await heldKey('tablet-old')).toBeNull();
    expect((await push(staff, 'tablet-old', 'openDrawer', { id: randomUUID(), float: 100 })).json.results[0]).toMatchObject({ status: 'applied' });
    // Updated, the same user checks in again naming its code, and its register is held to its key.
    const updated = await checkIn(staff, 'tablet-old', { code: old.code });
    expect(await heldKey('tablet-old')).toBe(updated.key);
    expect((await push(staff, 'tablet-old', 'openDrawer', { id: randomUUID(), float: 100 })).status).toBe(403);
  });
});
