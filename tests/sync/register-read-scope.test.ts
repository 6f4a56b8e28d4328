// Issue 42, point 9: a register's cash on the devices (docs/decisions.md, Who reads what). A Staff
// device holds its own register's drawer sessions and moves, and the expenses of its drawer or
// recorded by its user; made Manager, it fetches every register's again (a refill of those tables,
// the rest of the mirror and its cursor kept); made Staff again, it drops them at the next pull.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, type TestSession } from './harness';
import type { SyncedRow } from '@shared/sync/tables';

let server: TestServer;
let nimal: TestSession;
let devices: Device[] = [];
const random = new Random(20_261_242);
const scoped = ['drawerSessions', 'drawerMoves', 'expenses'] as const;

beforeAll(async () => {
  server = await TestServer.start();
  nimal = await server.addUser('Nimal Changing', 'Staff');
}, 60_000);
afterEach(() => {
  for (const device of devices) device.close();
  devices = [];
});
afterAll(async () => {
  await server.stop();
});

async function register(name: string): Promise<{ device: Device; code: string }> {
  const device = new Device(name, server, random.fork());
  devices.push(device);
  return { device, code: await device.ensureDeviceCode() };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The register's drawer opened, a pay-in and a drawer expense, by whoever is logged in: the session's id. */
async function workTheDrawer(device: Device, code: string): Promise<string> {
  const sessionId = randomUUID();
  await device.run('openDrawer', { id: sessionId, float: 5000 });
  await device.run('moveDrawerCash', { id: randomUUID(), sessionId, kind: 'payIn', amount: 1000, reason: 'Change' });
  await device.run('recordExpense', { id: randomUUID(), date: today(), category: 'Fuel', amount: 150, paidFrom: 'Cash drawer', note: '', register: code });
  await device.syncClean();
  return sessionId;
}

/** The Admin gives Nimal another role through User Management; his session stays valid. */
async function changeRole(role: 'Manager' | 'Staff'): Promise<void> {
  const response = await server.api('/api/user/update-user', {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: server.admin.token },
    body: JSON.stringify({ id: nimal.author.id, name: nimal.author.name, email: nimal.email, phoneNo: '0771234567', role, status: true }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** The scoped tables as the device holds them, and as the server holds them, rows kept by `keep`. */
async function held(device: Device, keep: (table: (typeof scoped)[number], row: SyncedRow) => boolean = () => true) {
  const [mine, servers] = [await device.mirror(), await server.mirror()];
  return scoped.map((table) => ({ table, device: mine[table], server: servers[table].filter((row) => keep(table, row)) }));
}

describe("a register's cash on a device whose user changes role", () => {
  it("Staff hold their register's rows; made Manager they fetch every register's; made Staff again they drop them", async () => {
    const a = await register('counter-a');
    const b = await register('counter-b');
    const sessionA = await workTheDrawer(a.device, a.code);
    const sessionB = await workTheDrawer(b.device, b.code);
    // A rent paid from the bank (no drawer) by the Admin at register B.
    await b.device.run('recordExpense', { id: randomUUID(), date: today(), category: 'Rent', amount: 45_000, paidFrom: 'Bank', note: '' });
    await b.device.syncClean();
    await a.device.syncClean(); // the Admin at register A: every register's rows
    expect(await a.device.db.drawerSessions.get(sessionB)).toBeDefined();

    // Nimal, Staff, at register A after the Admin.
    a.device.logIn(nimal);
    const card = await a.device.run('recordExpense', { id: randomUUID(), date: today(), category: 'Tools', amount: 90, paidFrom: 'Card', note: '' });
    await a.device.syncClean();
    const staffReads = (table: string, row: SyncedRow) => row.register === a.code || (table === 'expenses' && row.userId === nimal.author.id);
    for (const { table, device, server } of await held(a.device, staffReads)) expect(device, table).toEqual(server);
    expect((await a.device.db.drawerSessions.toArray()).map((row) => row.id)).toEqual([sessionA]);
    expect((await a.device.db.expenses.get(card.args.id as string))?.register).toBe('');
    const cursor = (await a.device.db.syncState.get('cursor'))!.value;

    await changeRole('Manager');
    await a.device.syncClean(); // the same session: the server reads the role at each pull
    for (const { table, device, server } of await held(a.device)) expect(device, table).toEqual(server);
    expect((await a.device.db.drawerSessions.toArray()).map((row) => row.id).sort()).toEqual([sessionA, sessionB].sort());
    // A refill of those tables, over; the rest of the mirror kept its cursor (no second first sync).
    expect(await a.device.db.syncState.get('refill')).toBeUndefined();
    expect(await a.device.db.syncState.get('refillCursor')).toBeUndefined();
    expect(Number((await a.device.db.syncState.get('cursor'))!.value.split(':')[1])).toBeGreaterThanOrEqual(Number(cursor.split(':')[1]));

    await changeRole('Staff');
    await a.device.syncClean();
    for (const { table, device, server } of await held(a.device, staffReads)) expect(device, table).toEqual(server);
    expect(await a.device.db.drawerSessions.get(sessionB)).toBeUndefined();
  });
});
