// When it happened (issue 23): what a device records offline carries the time it happened, in the
// server's clock (the device's clock corrected by the offset it measured at its last sync), beside
// the time the server received it. A clock set wrong while offline is clamped to the arrival and
// flagged. Time passes through a faked Date (server and devices share it); each device's own clock
// is that plus its skew.
import { describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, customerWithVehicle, freshServerEachTest, type Device } from './harness';
import { customerBody, jobBody } from '../factories';
import { clockToleranceMs } from '@shared/domain/device-time';

const random = new Random(23_2026);
const minute = 60_000;
const hour = 60 * minute;
const start = Date.parse('2026-11-26T08:00:00.000Z');
const bed = freshServerEachTest(random, { fakeDateFrom: start });

function device(name: string, skewMs: number): Device {
  const created = bed.device(name);
  created.setClockSkew(skewMs);
  return created;
}

const passes = (ms: number) => vi.setSystemTime(Date.now() + ms);
const setStatus = async (d: Device, id: string, status: string) => d.run('setJobCardStatus', { id, status, changeId: randomUUID() });
const iso = (ms: number) => new Date(ms).toISOString();

function jobArgs(customerId: string) {
  return {
    id: randomUUID(),
    customerId,
    vehicleLicensePlate: 'cab-2301',
    vehicleMake: 'Toyota',
    vehicleModel: 'Aqua',
    currentMileage: 84_200,
    dateIn: '2026-11-26',
    jobType: 'Service',
    lines: [],
  };
}

const serverHistory = async (jobCardId: string) =>
  (await bed.server.mirror()).jobStatusChanges
    .filter((row) => row.jobCardId === jobCardId)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)))
    .map((row) => ({ to: row.toStatus, at: Date.parse(String(row.at)), receivedAt: Date.parse(String(row.receivedAt)), clockAheadMs: Number(row.clockAheadMs) }));

/** Back online after hours: the session (an hour long on the test server) is logged in again, as a user would. */
async function reconnect(d: Device): Promise<number> {
  d.logIn(await bed.server.login(bed.server.admin.email, bed.server.admin.password));
  d.net.offline = false;
  return Date.now();
}

/** Within a second: the offset is read at an exchange's middle, on loopback a few ms at most. */
const near = (actual: number, expected: number, what: string) => expect(Math.abs(actual - expected), `${what}: ${iso(actual)} against ${iso(expected)}`).toBeLessThan(1000);

describe('device times', () => {
  it('a tablet whose clock runs 2 h slow records a day offline at the times the work was done, not at the reconnect', async () => {
    const tablet = device('tablet', -2 * hour);
    await tablet.syncClean(); // measures its clock: the server's is 2 h ahead
    tablet.net.offline = true;

    const customer = customerWithVehicle({ email: true });
    await tablet.run('createCustomer', customer);
    const job = jobArgs(customer.id);
    const openedAt = Date.now();
    await tablet.run('createJobCard', job);
    passes(5 * minute);
    const suspendedAt = Date.now();
    await setStatus(tablet, job.id, 'Suspended');
    passes(40 * minute);
    const resumedAt = Date.now();
    await setStatus(tablet, job.id, 'Open');
    passes(3 * minute);
    const finishedAt = Date.now();
    await setStatus(tablet, job.id, 'Finished');

    // The device shows its own moves at those times already (its clock corrected), before any sync.
    const onDevice = (await tablet.db.jobStatusChanges.where('jobCardId').equals(job.id).sortBy('at')).map((row) => Date.parse(row.at));
    [openedAt, suspendedAt, resumedAt, finishedAt].forEach((expected, i) => near(onDevice[i]!, expected, `device move ${i}`));

    passes(9 * hour); // the Wi-Fi is back at the end of the day
    const reconnectedAt = await reconnect(tablet);
    await tablet.syncClean();

    const history = await serverHistory(job.id);
    expect(history.map((move) => move.to)).toEqual(['Open', 'Suspended', 'Open', 'Finished']);
    [openedAt, suspendedAt, resumedAt, finishedAt].forEach((expected, i) => near(history[i]!.at, expected, `server move ${i}`));
    for (const move of history) {
      near(move.receivedAt, reconnectedAt, 'received at the reconnect');
      expect(move.clockAheadMs).toBe(0);
    }
    const serverJob = (await bed.server.mirror()).jobCards.find((row) => row.id === job.id)!;
    near(Date.parse(String(serverJob.createdAt)), openedAt, 'the job was checked in when it was made');
    near(Date.parse(String(serverJob.finishedAt)), finishedAt, 'finished when it was finished');
    // And the tablet ends holding the server's times.
    const pulled = (await tablet.db.jobStatusChanges.where('jobCardId').equals(job.id).sortBy('at')).map((row) => Date.parse(row.at));
    [openedAt, suspendedAt, resumedAt, finishedAt].forEach((expected, i) => near(pulled[i]!, expected, `pulled move ${i}`));
  });

  it('a sale and its payment and stock movement made offline carry the time of the sale', async () => {
    const counter = device('counter', 17 * minute); // its clock runs 17 min fast
    await counter.syncClean();
    await counter.ensureDeviceCode();
    const category = (await counter.run('createCategory', { id: randomUUID(), name: 'Filters 2301' })).args.id as string;
    const itemId = (
      await counter.run('createItem', {
        id: randomUUID(),
        itemName: 'Oil filter 2301',
        barcode: 'OF-2301',
        category,
        unitPrice: '1500',
        costPrice: '900',
        stockQuantity: '10',
        reorderLevel: '2',
        description: '',
      })
    ).args.id as string;
    await counter.syncClean();
    counter.net.offline = true;
    passes(30 * minute);
    const soldAt = Date.now();
    const sale = await counter.sell({ lines: [{ kind: 'item', refId: itemId, name: 'Oil filter 2301', quantity: 1, unitPrice: 1500 }], tendered: 2000 });
    const invoiceId = sale.args.id as string;
    const paymentId = (sale.args.payment as { id: string }).id;
    passes(4 * hour);
    const reconnectedAt = await reconnect(counter);
    await counter.syncClean();

    const mirror = await bed.server.mirror();
    const invoice = mirror.invoices.find((row) => row.id === invoiceId)!;
    const payment = mirror.payments.find((row) => row.id === paymentId)!;
    const movement = mirror.stockMovements.find((row) => row.itemId === itemId && row.reason === 'sale')!;
    for (const [what, row] of [
      ['invoice', invoice],
      ['payment', payment],
      ['stock movement', movement],
    ] as const) {
      near(Date.parse(String(row.createdAt)), soldAt, `${what} made at the sale`);
      near(Date.parse(String(row.receivedAt)), reconnectedAt, `${what} received at the reconnect`);
      expect(row.clockAheadMs, what).toBe(0);
    }
  });

  it('a clock set a day ahead while offline is clamped to the arrival and flagged; the device learns the right offset at its next sync', async () => {
    const tablet = device('tablet', 0);
    await tablet.syncClean();
    const customer = customerWithVehicle({ email: true });
    await tablet.run('createCustomer', customer);
    const job = jobArgs(customer.id);
    await tablet.run('createJobCard', job);
    await tablet.syncClean();

    tablet.net.offline = true;
    tablet.setClockSkew(24 * hour); // someone set the date a day ahead
    passes(10 * minute);
    await setStatus(tablet, job.id, 'Suspended');
    passes(10 * minute);
    tablet.net.offline = false;
    const arrivedAt = Date.now();
    await tablet.syncClean();

    const suspended = (await serverHistory(job.id)).find((move) => move.to === 'Suspended')!;
    near(suspended.at, arrivedAt, 'clamped to the arrival');
    near(suspended.clockAheadMs, 24 * hour - 10 * minute, 'flagged by how far ahead it was');
    expect(suspended.clockAheadMs).toBeGreaterThan(clockToleranceMs);

    // The sync measured the wrong clock: the next move, offline again, is corrected.
    tablet.net.offline = true;
    passes(5 * minute);
    const resumedAt = Date.now();
    await setStatus(tablet, job.id, 'Open');
    passes(hour);
    await reconnect(tablet);
    await tablet.syncClean();
    const resumed = (await serverHistory(job.id)).filter((move) => move.to === 'Open')[1]!;
    near(resumed.at, resumedAt, 'corrected by the offset measured at the last sync');
    expect(resumed.clockAheadMs).toBe(0);
  });

  it('a status move made through the REST API happened when the server received it', async () => {
    const post = async (path: string, body: unknown, method = 'POST') =>
      bed.server.api(path, { method, headers: { 'content-type': 'application/json', token: bed.server.token }, body: JSON.stringify(body) });
    const customer = (await (await post('/api/customers', customerBody('Ruwan Jayasinghe', '0771234500', 'cab-2302'))).json()) as { customer: { _id: string } };
    const job = (await (await post('/api/job-cards', jobBody(customer.customer._id))).json()) as { jobCard: { _id: string } };
    passes(7 * minute);
    const moved = await post(`/api/job-cards/${job.jobCard._id}`, { status: 'Suspended' }, 'PUT');
    expect(moved.status).toBe(200);
    expect(Number(moved.headers.get('x-server-time'))).toBe(Date.now());
    const suspended = (await serverHistory(job.jobCard._id)).find((move) => move.to === 'Suspended')!;
    expect(suspended).toEqual({ to: 'Suspended', at: Date.now(), receivedAt: Date.now(), clockAheadMs: 0 });
  });
});
