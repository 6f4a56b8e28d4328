// Issue 27 on a register two cashiers share. A device's outbox goes out per author (each user's
// changes only under their own session), so a close, or the next opening, can reach the server
// before the other cashier's earlier records of the same session. The server judges the session
// again as they arrive (server/src/mutations/drawer/rejudge-sessions.ts): what was raised only for
// what had not arrived yet is taken back, and the Z report's lines end as the register printed them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, type TestSession } from './harness';
import { nextZReportNo } from '@/sync/invoice-numbers';
import { drawerReviewReasons, type DrawerSessionRow } from '@shared/schemas/drawer';
import { zReportOf } from '@shared/mutations/drawer';
import { drawerRecordsOnDevice } from '@/sync/mutators/drawer';
import { fromCents } from '@shared/domain/money';

let server: TestServer;
let nimal: TestSession;
let kamal: TestSession;
let devices: Device[] = [];
const random = new Random(27_0027);

beforeAll(async () => {
  server = await TestServer.start();
  nimal = await server.addUser('Nimal', 'Manager');
  kamal = await server.addUser('Kamal', 'Staff');
});
afterEach(() => {
  for (const d of devices) d.close();
  devices = [];
});
afterAll(async () => {
  await server.stop();
});

async function counter(): Promise<Device> {
  const d = new Device('counter', server, random.fork());
  devices.push(d);
  await d.ensureDeviceCode();
  return d;
}

const serverSession = async (id: string) => (await server.db.$client.prepare('SELECT * FROM drawer_sessions WHERE id = ?').get(id)) as DrawerSessionRow;
const service = (name: string, unitPrice: number) => [{ kind: 'service' as const, refId: null, name, quantity: 1, unitPrice }];
/** Sends what the logged-in user queued; another user's entries wait, so the outbox cannot empty. */
const sendOwn = (d: Device) => d.syncClean().catch(() => undefined);

/** The close as the register makes it: counted exactly what the register expects now. */
async function closeExactly(d: Device, sessionId: string): Promise<number> {
  const session = (await d.db.drawerSessions.get(sessionId)) as DrawerSessionRow;
  const now = new Date(Date.now() + 1000).toISOString();
  const expected = zReportOf(session, await drawerRecordsOnDevice(d, session, now), now).expectedCents;
  await d.run('closeDrawer', { sessionId, zNumber: await nextZReportNo(d.db), count: { 100: expected / 100 }, expected: fromCents(expected), differenceReason: '' });
  return expected;
}

describe('a register two cashiers share', () => {
  it("a close that reaches the server before the other cashier's sale and expense is judged again when they arrive", async () => {
    const d = await counter();
    d.logIn(nimal);
    const sessionId = randomUUID();
    await d.run('openDrawer', { id: sessionId, float: 5000 });
    await d.syncClean();

    // Kamal takes cash for a job and pays for diesel from the drawer while the Wi-Fi is down, then logs
    // out; his entries wait for him. (A pay-in would not: it touches the session, and a device sends
    // the changes of one record in order.)
    d.logIn(kamal);
    d.net.offline = true;
    await d.sell({ lines: service('Brake service', 4950) });
    await d.run('recordExpense', {
      id: randomUUID(),
      date: new Date().toISOString().slice(0, 10),
      category: 'Fuel',
      amount: 1500,
      paidFrom: 'Cash drawer',
      note: 'Diesel',
      register: await d.ensureDeviceCode(),
    });
    d.logOut();
    d.net.offline = false;

    // Nimal closes the drawer: 5,000 + 4,950 − 1,500, and only her close goes out.
    d.logIn(nimal);
    expect(await closeExactly(d, sessionId)).toBe(845_000);
    await sendOwn(d);
    expect(await serverSession(sessionId)).toMatchObject({
      status: 'closed',
      expectedCents: 845_000,
      reviewState: 'open',
      reviewReason: drawerReviewReasons.expectedDiffers('Rs. 8,450.00', 'Rs. 5,000.00'),
    });

    // Kamal logs in again: his sale and expense arrive, and the session is in order.
    d.logIn(kamal);
    await d.syncClean();
    const settled = await serverSession(sessionId);
    expect(settled).toMatchObject({ status: 'closed', expectedCents: 845_000, differenceCents: 0, reviewState: '', reviewReason: '' });
    // The Z report's lines now add up to what the register printed, on the server and on the register.
    const takings = JSON.parse(settled.takingsJson).takings;
    expect(takings).toMatchObject({ floatCents: 500_000, cashSalesCents: 495_000, cashExpensesCents: 150_000 });
    expect(await d.db.drawerSessions.get(sessionId)).toMatchObject({ reviewState: '', takingsJson: settled.takingsJson });
    expect(await d.db.problems.count()).toBe(0);
  });

  it('the next session opened before the close arrived is taken back off review once it has', async () => {
    const d = await counter();
    d.logIn(nimal);
    const first = randomUUID();
    await d.run('openDrawer', { id: first, float: 3000 });
    await d.syncClean();

    // Kamal closes the first session offline and logs out; Nimal opens the next one and syncs first.
    d.logIn(kamal);
    d.net.offline = true;
    await closeExactly(d, first);
    d.logOut();
    d.net.offline = false;
    d.logIn(nimal);
    const second = randomUUID();
    await d.run('openDrawer', { id: second, float: 4000 });
    await sendOwn(d);
    expect(await serverSession(second)).toMatchObject({
      status: 'open',
      reviewState: 'open',
      reviewReason: drawerReviewReasons.openedTwice((await serverSession(first)).createdAt),
    });

    d.logIn(kamal);
    await d.syncClean();
    expect(await serverSession(first)).toMatchObject({ status: 'closed', reviewState: '' });
    expect(await serverSession(second)).toMatchObject({ status: 'open', reviewState: '', reviewReason: '' });
    expect(await d.db.drawerSessions.get(second)).toMatchObject({ reviewState: '' });
  });
});
