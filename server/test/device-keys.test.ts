/**
 * Issue 42 (found by the hostile-device run): a register's clientId is no secret (every exported
 * outbox carries it), and a Staff member who pushed under another register's clientId had their
 * pay-out leave that register's drawer. Each device is now given a key of its own at its first
 * check-in; its pushes and pulls carry it, and a push naming a register it does not come from is
 * refused whole, writing nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, makeTestServer, type Json, type TestServer } from './helpers';
import { deviceKeyHeader } from '@shared/sync/messages';
import { syncedTables } from '@shared/sync/tables';
import { deviceKeyWords } from '../src/sync/device-keys';

let server: TestServer;
let admin: string;
let staff: string;

beforeEach(() => {
  server = makeTestServer();
  admin = server.userWithRole('Admin').token;
  staff = server.userWithRole('Staff').token;
});
afterEach(() => server.close());

const checkIn = async (token: string, clientId: string, code?: string, withKey = true) =>
  (await server.call('POST', '/api/sync/device', token, { clientId, ...(code ? { code } : {}), ...(withKey ? { withKey } : {}) })).json;
const push = (token: string, clientId: string, name: string, args: Json, key?: string) =>
  server.call(
    'POST',
    '/api/sync/push',
    token,
    { clientId, mutations: [{ id: randomUUID(), clientId, seq: 1, name, args, createdAt: new Date().toISOString() }] },
    { [deviceKeyHeader]: key ?? '' },
  );

describe("a register's own key", () => {
  it('is given once, at the first check-in: not again, and not to another device naming its clientId', async () => {
    const first = await checkIn(admin, 'counter-1');
    expect(first.deviceKey).toMatch(/^[\w-]{32}$/);
    expect((await checkIn(admin, 'counter-1')).deviceKey).toBeUndefined();
    expect((await checkIn(staff, 'counter-1', first.code as string)).deviceKey).toBeUndefined();
  });

  it("Staff cannot pay out of another register's drawer by naming its clientId: refused whole, nothing written", async () => {
    const counter = await checkIn(admin, 'counter-1');
    const session = randomUUID();
    expect((await push(admin, 'counter-1', 'openDrawer', { id: session, float: 5000 }, counter.deviceKey as string)).json.results[0]).toMatchObject({ status: 'applied' });
    await checkIn(staff, 'staff-tablet');
    const before = countRows(server.db, 'drawer_moves');
    const payOut = { id: randomUUID(), sessionId: session, kind: 'payOut', amount: 4000, reason: 'Bank' };
    for (const key of [undefined, 'a-key-the-staff-member-made-up-000000']) {
      const forged = await push(staff, 'counter-1', 'moveDrawerCash', payOut, key);
      expect([forged.status, forged.json.message]).toEqual([403, deviceKeyWords.mismatch]);
    }
    expect(countRows(server.db, 'drawer_moves')).toBe(before);
    expect(countRows(server.db, 'applied_mutations', `id IN (SELECT id FROM applied_mutations WHERE name = 'moveDrawerCash')`)).toBe(0);
    // The register itself, with its key, pays out as ever.
    expect((await push(admin, 'counter-1', 'moveDrawerCash', payOut, counter.deviceKey as string)).json.results[0]).toMatchObject({ status: 'applied' });
  });

  it("a pull naming another register without its key reads as no register: Staff get none of that register's drawer", async () => {
    const counter = await checkIn(admin, 'counter-1');
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 5000 }, counter.deviceKey as string)).json.results[0]).toMatchObject({ status: 'applied' });
    const sessions = async (key?: string) =>
      (
        (await server.call('GET', `/api/sync/pull?client=counter-1&tables=${syncedTables.join(',')}`, staff, undefined, { [deviceKeyHeader]: key ?? '' })).json.changes as Json[]
      ).filter((change) => change.table === 'drawerSessions').length;
    expect(await sessions()).toBe(0);
    expect(await sessions(counter.deviceKey as string)).toBe(1);
  });

  it('a register from before keys is taken as before, takes its key at its next check-in naming its code, and is then held to it', async () => {
    const counter = await checkIn(admin, 'counter-1');
    server.db.$client.prepare('UPDATE devices SET key = NULL').run();
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 })).json.results[0]).toMatchObject({ status: 'applied' });
    // Naming another code (a device that only guessed the clientId) gets no key; nor does a Staff
    // member who names the right code (it is printed on every invoice) of a register they did not register.
    expect((await checkIn(staff, 'counter-1', 'DZZZZ')).deviceKey).toBeUndefined();
    expect((await checkIn(staff, 'counter-1', counter.code as string)).deviceKey).toBeUndefined();
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 })).json.results[0]).toMatchObject({ status: 'applied' });
    const again = await checkIn(admin, 'counter-1', counter.code as string);
    expect(again.deviceKey).toMatch(/^[\w-]{32}$/);
    expect((await push(admin, 'counter-1', 'openDrawer', { id: randomUUID(), float: 100 })).status).toBe(403);
  });

  it('a build that does not ask for a key (older) is given none and pushes as before, until a build that asks', async () => {
    const old = await checkIn(staff, 'tablet-old', undefined, false);
    expect(old.deviceKey).toBeUndefined();
    expect((await push(staff, 'tablet-old', 'openDrawer', { id: randomUUID(), float: 100 })).json.results[0]).toMatchObject({ status: 'applied' });
    // Updated, the same user checks in again naming its code, and its register is held to its key.
    expect((await checkIn(staff, 'tablet-old', old.code as string)).deviceKey).toMatch(/^[\w-]{32}$/);
    expect((await push(staff, 'tablet-old', 'openDrawer', { id: randomUUID(), float: 100 })).status).toBe(403);
  });
});
