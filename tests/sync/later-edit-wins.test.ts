// The later edit wins (issue 23): two devices offline change the same field of the same record; the
// change made later (by when it happened, in the server's clock) stands whatever order the devices
// reconnect in, and the person whose change was replaced unseen is told with a notice naming the
// record and the field. Different fields still merge. Time passes through a faked Date.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, type Device, type TestSession } from './harness';
import type { NoticeRow } from '@shared/schemas/notice';

const random = new Random(23_0606);
const bed = freshServerEachTest(random, { fakeDateFrom: Date.parse('2026-11-26T09:40:00.000Z') });
let counterUser: TestSession;
let tabletUser: TestSession;

beforeEach(async () => {
  counterUser = await bed.server.addUser('Ann Cashier', 'Manager');
  tabletUser = await bed.server.addUser('Nimal Fernando', 'Staff');
});

function device(name: string, session: TestSession): Device {
  const created = bed.device(name);
  created.logIn(session);
  return created;
}

const passes = (ms: number) => vi.setSystemTime(Date.now() + ms);
const serverCustomer = async (id: string) => (await bed.server.mirror()).customers.find((row) => row.id === id)!;
const noticesFor = async (session: TestSession) => ((await bed.server.mirror()).notices as unknown as NoticeRow[]).filter((row) => row.userId === session.author.id);

/** Ruwan Jayasinghe of Kandy, on the server and both devices; then both go offline. */
async function sharedCustomer(counter: Device, tablet: Device): Promise<string> {
  const id = randomUUID();
  await counter.run('createCustomer', {
    id,
    customerName: 'Ruwan Jayasinghe',
    email: 'ruwan@example.com',
    phone: '0771234567',
    address: '5 Lake Road',
    city: 'Kandy',
    vehicles: [{ make: 'Toyota', model: 'Axio', year: 2016, licensePlate: 'CAB-2306', vin: '' }],
  });
  await counter.syncClean();
  await tablet.syncClean();
  counter.net.offline = true;
  tablet.net.offline = true;
  return id;
}

/** Both offline: the counter sets the City to Galle, the tablet (its user given) to Matara 2.5 s later. */
async function twoCityEdits(tabletSession: TestSession = tabletUser) {
  const counter = device('counter', counterUser);
  const tablet = device('tablet', tabletSession);
  const id = await sharedCustomer(counter, tablet);
  await counter.edit('updateCustomer', id, { city: 'Galle' });
  passes(2500);
  await tablet.edit('updateCustomer', id, { city: 'Matara' });
  return { counter, tablet, id };
}

async function online(...on: Device[]) {
  for (const d of on) d.net.offline = false;
  for (const d of on) await d.syncClean();
}

describe('the later edit wins', () => {
  it("the tablet's later City stands although it reconnects first, and the counter's user is told in words", async () => {
    const { counter, tablet, id } = await twoCityEdits();
    passes(60_000);

    await online(tablet); // the tablet first
    await online(counter); // then the counter's older edit arrives
    await online(tablet);

    expect((await serverCustomer(id)).city).toBe('Matara');
    expect((await counter.db.customers.get(id))?.city, 'the counter shows the later edit').toBe('Matara');
    expect((await tablet.db.customers.get(id))?.city).toBe('Matara');
    const told = await noticesFor(counterUser);
    expect(told.map((notice) => notice.message)).toEqual(["Your change to Ruwan Jayasinghe's City was replaced by a later change by Nimal Fernando."]);
    expect(told[0]).toMatchObject({ recordTable: 'customers', recordId: id, dismissed: false });
    expect(await noticesFor(tabletUser), 'the winner is not told').toEqual([]);
    // The counter's device holds the notice for its user.
    const onCounter = (await counter.db.notices.where('userId').equals(counterUser.author.id).toArray()).map((notice) => notice.message);
    expect(onCounter).toEqual([told[0]!.message]);
  });

  it('the same edits reconnecting in the order they were made end the same, and the counter is told the same', async () => {
    const { counter, tablet, id } = await twoCityEdits();
    passes(60_000);

    await online(counter);
    passes(10_000);
    await online(tablet);
    await online(counter);

    expect((await serverCustomer(id)).city).toBe('Matara');
    expect((await counter.db.customers.get(id))?.city).toBe('Matara');
    expect((await noticesFor(counterUser)).map((notice) => notice.message)).toEqual(["Your change to Ruwan Jayasinghe's City was replaced by a later change by Nimal Fernando."]);
    expect(await noticesFor(tabletUser)).toEqual([]);
  });

  it('different fields merge, and nobody is told', async () => {
    const counter = device('counter', counterUser);
    const tablet = device('tablet', tabletUser);
    const id = await sharedCustomer(counter, tablet);

    await counter.edit('updateCustomer', id, { city: 'Galle' });
    passes(2500);
    await tablet.edit('updateCustomer', id, { phone: '0719876543' });
    await online(tablet);
    await online(counter);
    await online(tablet);

    expect(await serverCustomer(id)).toMatchObject({ city: 'Galle', phone: '0719876543' });
    expect(await tablet.db.customers.get(id)).toMatchObject({ city: 'Galle', phone: '0719876543' });
    expect((await bed.server.mirror()).notices).toEqual([]);
  });

  it('an edit made after the first one reached the server is an ordinary correction: it stands and nobody is told', async () => {
    const counter = device('counter', counterUser);
    const tablet = device('tablet', tabletUser);
    const id = await sharedCustomer(counter, tablet);

    await counter.edit('updateCustomer', id, { city: 'Galle' });
    await online(counter);
    passes(5 * 60_000);
    await tablet.edit('updateCustomer', id, { city: 'Matara' }); // offline, but after Galle arrived
    await online(tablet);
    await online(counter);

    expect((await serverCustomer(id)).city).toBe('Matara');
    expect((await bed.server.mirror()).notices).toEqual([]);
  });

  it('the same person changing a field twice on two devices keeps the later value and is not told', async () => {
    const { counter, tablet, id } = await twoCityEdits(counterUser);
    await online(tablet);
    await online(counter);

    expect((await serverCustomer(id)).city).toBe('Matara');
    expect((await bed.server.mirror()).notices).toEqual([]);
  });

  it("a job card's Notes follow the same rule, and the message names the job", async () => {
    const counter = device('counter', counterUser);
    const tablet = device('tablet', tabletUser);
    const customerId = await sharedCustomer(counter, tablet);
    counter.net.offline = false;
    tablet.net.offline = false;
    const jobId = randomUUID();
    await counter.run('createJobCard', { id: jobId, customerId, vehicleLicensePlate: 'CAB-2306', currentMileage: 52_000, dateIn: '2026-11-26', jobType: 'Service', lines: [] });
    await counter.syncClean();
    await tablet.syncClean();
    counter.net.offline = true;
    tablet.net.offline = true;

    await counter.run('updateJobCard', { id: jobId, notes: 'Customer waits' });
    passes(2500);
    await tablet.run('updateJobCard', { id: jobId, notes: 'Customer will call back' });
    await online(tablet);
    await online(counter);
    await online(tablet);

    const job = (await bed.server.mirror()).jobCards.find((row) => row.id === jobId)!;
    expect(job.notes).toBe('Customer will call back');
    expect((await counter.db.jobCards.get(jobId))?.notes).toBe('Customer will call back');
    expect((await noticesFor(counterUser)).map((notice) => notice.message)).toEqual([
      `Your change to ${String(job.jobNumber)} (CAB-2306)'s Notes was replaced by a later change by Nimal Fernando.`,
    ]);
  });

  it('a notice is dismissed by its user on any device, and by nobody else', async () => {
    const { counter, tablet } = await twoCityEdits();
    await online(tablet);
    await online(counter);
    await online(tablet);
    const notice = (await noticesFor(counterUser))[0]!;

    await expect(tablet.run('dismissNotice', { id: notice.id }), 'the tablet user may not dismiss it').rejects.toThrow('This notice is for someone else.');
    const refused = await fetch(`${bed.server.baseUrl}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: tabletUser.token },
      body: JSON.stringify({
        clientId: 'intruder',
        mutations: [
          { id: randomUUID(), clientId: 'intruder', seq: 1, name: 'dismissNotice', args: { id: notice.id }, createdAt: new Date().toISOString(), authorId: tabletUser.author.id },
        ],
      }),
    });
    const answer = (await refused.json()) as { results: { status: string; message?: string }[] };
    expect(answer.results[0]).toMatchObject({ status: 'rejected', message: 'This notice is for someone else.' });
    expect((await noticesFor(counterUser))[0]!.dismissed).toBe(false);

    await counter.run('dismissNotice', { id: notice.id });
    await counter.syncClean();
    await tablet.syncClean();
    expect((await noticesFor(counterUser))[0]!.dismissed).toBe(true);
    expect((await tablet.db.notices.get(notice.id))?.dismissed).toBe(true);
  });
});
