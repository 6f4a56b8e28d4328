// The cash drawer across devices (issue 27; shared/mutations/drawer.ts): a session opened, used and
// closed offline keeps its Z number and reaches the server once, with the server's own working of the
// Z report agreeing; another register's cash is not this drawer's; the device refuses in words what
// cannot be counted.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, type Device } from './harness';
import { nextCreditNoteNo, nextZReportNo } from '@/sync/invoice-numbers';
import { drawerWords, type DrawerSessionRow, type ZReportTakings } from '@shared/schemas/drawer';
import { zReportOf } from '@shared/mutations/drawer';
import { ExpectedCashChangedError, drawerRecordsOnDevice } from '@/sync/mutators/drawer';
import { fromCents } from '@shared/domain/money';
import { setDeviceClock } from '@/sync/device-clock';

const random = new Random(27_2027);
const bed = freshServerEachTest(random);
const register = bed.register;

const serverSession = async (id: string) => (await bed.server.db.$client.prepare('SELECT * FROM drawer_sessions WHERE id = ?').get(id)) as DrawerSessionRow | undefined;
const service = (name: string, unitPrice: number) => [{ kind: 'service' as const, refId: null, name, quantity: 1, unitPrice }];

async function customerOn(d: Device) {
  const id = (
    await d.run('createCustomer', {
      id: randomUUID(),
      customerName: 'Nimal Perera',
      email: 'nimal@example.com',
      phone: '0771234567',
      address: '12 Galle Road',
      vehicles: [{ make: 'Toyota', model: 'Axio', year: 2016, licensePlate: 'CAB-1234', vin: '' }],
    })
  ).args.id as string;
  await d.syncClean();
  return id;
}

/** What the register shows as expected now (the close screen's figure). */
async function expectedOn(d: Device, sessionId: string): Promise<number> {
  const session = (await d.db.drawerSessions.get(sessionId)) as DrawerSessionRow;
  const now = new Date(Date.now() + 1000).toISOString();
  return zReportOf(session, await drawerRecordsOnDevice(d, session, now), now).expectedCents;
}

describe('the cash drawer', () => {
  it('a session opened, used and closed offline: its Z number, its figures, the same on the server', async () => {
    const counter = await register('counter');
    const code = await counter.ensureDeviceCode(); // stored at registering: no request
    const tablet = await register('tablet');
    const customerId = await customerOn(counter);
    await tablet.syncClean();
    // A credit sale from before the session, paid during it.
    const earlier = await counter.sell({ customerId, lines: service('Wheel alignment', 4950), tendered: 0, method: 'Credit' });
    await counter.syncClean();

    counter.net.offline = true;
    const sessionId = randomUUID();
    await counter.run('openDrawer', { id: sessionId, float: 5000 });
    await expect(counter.run('openDrawer', { id: randomUUID(), float: 0 })).rejects.toThrow(drawerWords.alreadyOpen);
    // Issue 23's guest: Rs. 10,500 handed over for Rs. 10,117.50, the change given back.
    const guestSale = await counter.sell({ lines: service('Full service', 10_117.5), tendered: 10_500 });
    await counter.sell({ customerId, lines: service('Oil change', 4300), method: 'Card' });
    // Rs. 6,000 handed over on the Rs. 4,950 due: 1,050 given back.
    await counter.run('recordPayment', { id: randomUUID(), invoiceId: earlier.args.id, date: '2026-11-27', method: 'Cash', amount: 4950, tendered: 6000, note: '' });
    const guestLine = (guestSale.args.lines as { id: string }[])[0]!;
    await counter.run('returnSale', {
      id: randomUUID(),
      creditNoteNo: await nextCreditNoteNo(counter.db),
      invoiceId: guestSale.args.id,
      date: new Date().toISOString(),
      reason: 'Not needed',
      note: '',
      refundMethod: 'Cash',
      refundPaymentId: randomUUID(),
      refund: 10_117.5,
      lines: [{ id: randomUUID(), invoiceLineId: guestLine.id, itemId: null, quantity: 1, disposition: 'restock', supplierName: '' }],
    });
    await counter.run('recordExpense', { id: randomUUID(), date: '2026-11-27', category: 'Fuel', amount: 1500, paidFrom: 'Cash drawer', note: 'Diesel', register: code });
    await counter.run('recordExpense', { id: randomUUID(), date: '2026-11-27', category: 'Rent', amount: 90_000, paidFrom: 'Bank', note: '' });
    await counter.run('moveDrawerCash', { id: randomUUID(), sessionId, kind: 'payIn', amount: 2000, reason: 'Change from the bank' });
    await counter.run('moveDrawerCash', { id: randomUUID(), sessionId, kind: 'payOut', amount: 10_000, reason: 'To the bank' });
    // A cash sale on the tablet meanwhile is the tablet's drawer's, not this one's.
    await tablet.sell({ customerId, lines: service('Car wash', 800) });
    await tablet.syncClean();

    // 5,000 + 10,117.50 + 4,950 + 2,000 − 10,117.50 − 1,500 − 10,000 = 450.
    const expected = await expectedOn(counter, sessionId);
    expect(expected).toBe(45_000);
    const zNumber = await nextZReportNo(counter.db);
    expect(zNumber).toBe(`Z-${code}-00001`);
    const close = async (args: Record<string, unknown>) =>
      counter.run('closeDrawer', { sessionId, zNumber, count: { 10_000: 4, 1_000: 5 }, expected: fromCents(expected), differenceReason: '', ...args });
    await expect(close({ expected: 400 })).rejects.toThrow(drawerWords.expectedChanged('Rs. 450.00'));
    // Typed, so the close form compares again on this refusal alone.
    await expect(close({ expected: 400 })).rejects.toBeInstanceOf(ExpectedCashChangedError);
    await expect(close({ count: { 10_000: 4 } })).rejects.toThrow(drawerWords.differenceReason);
    await expect(close({ count: { 10_000: 4 } })).rejects.not.toBeInstanceOf(ExpectedCashChangedError);
    await close({});
    const closed = (await counter.db.drawerSessions.get(sessionId)) as DrawerSessionRow;
    expect(closed).toMatchObject({ status: 'closed', zNumber, countedCents: 45_000, expectedCents: 45_000, differenceCents: 0, register: code });
    const report = JSON.parse(closed.takingsJson) as ZReportTakings;
    expect(report.takings).toEqual({
      floatCents: 500_000,
      closedCashCents: 0,
      cashSalesCents: 1_011_750,
      cashPaymentsCents: 495_000,
      payInsCents: 200_000,
      cashRefundsCents: 1_011_750,
      cashExpensesCents: 150_000,
      payOutsCents: 1_000_000,
    });
    expect(report.byMethod.filter((line) => line.cents !== 0)).toEqual([
      { method: 'Cash', cents: 495_000 },
      { method: 'Card', cents: 430_000 },
    ]);
    await expect(counter.run('moveDrawerCash', { id: randomUUID(), sessionId, kind: 'payIn', amount: 100, reason: 'Late' })).rejects.toThrow(drawerWords.notOpen);

    counter.net.offline = false;
    await counter.syncClean();
    // The server worked the same report out from its own records: no review.
    expect(await serverSession(sessionId)).toMatchObject({
      status: 'closed',
      zNumber,
      countedCents: 45_000,
      expectedCents: 45_000,
      differenceCents: 0,
      reviewState: '',
      register: code,
    });
    expect(JSON.parse((await serverSession(sessionId))!.takingsJson)).toEqual(report);
    expect(await counter.db.problems.count()).toBe(0);
    await tablet.syncClean();
    expect(await tablet.db.drawerSessions.get(sessionId)).toMatchObject({ status: 'closed', zNumber });
  });

  it("a short count closes with its reason; the tablet cannot count the counter's drawer", async () => {
    const counter = await register('counter');
    const tablet = await register('tablet');
    const sessionId = randomUUID();
    await counter.run('openDrawer', { id: sessionId, float: 2500 });
    await counter.sell({ lines: service('Puncture repair', 600) });
    await counter.syncClean();
    await tablet.syncClean();
    await expect(tablet.run('moveDrawerCash', { id: randomUUID(), sessionId, kind: 'payOut', amount: 100, reason: 'Tea' })).rejects.toThrow(drawerWords.otherRegister);
    await expect(tablet.run('openDrawer', { id: randomUUID(), float: 1000 })).resolves.toBeTruthy();

    const zNumber = await nextZReportNo(counter.db);
    await counter.run('closeDrawer', { sessionId, zNumber, count: { 200_000: 1, 10_000: 6 }, expected: 3100, differenceReason: 'Rs. 500 short: change given twice' });
    await counter.syncClean();
    expect(await serverSession(sessionId)).toMatchObject({
      countedCents: 260_000,
      expectedCents: 310_000,
      differenceCents: -50_000,
      differenceReason: 'Rs. 500 short: change given twice',
      reviewState: '',
    });
  });
  it("a record's time on the device is the time the server records: the window counts the same records on both", async () => {
    const counter = await register('counter');
    // A clock read a few ms later each time (a busy tablet): the record's time and its entry's are one reading.
    let ticks = 0;
    setDeviceClock(counter.db, () => Date.now() - 60_000 + (ticks += 7));
    await counter.syncClean();
    counter.net.offline = true;
    const sessionId = randomUUID();
    const open = await counter.run('openDrawer', { id: sessionId, float: 1000 });
    const sale = await counter.sell({ lines: service('Puncture repair', 600) });
    const onDevice = {
      session: ((await counter.db.drawerSessions.get(sessionId)) as DrawerSessionRow).createdAt,
      payment: (await counter.db.payments.get((sale.args.payment as { id: string }).id))!.createdAt,
    };
    expect(Date.parse(open.createdAt) + open.clockOffsetMs!).toBe(Date.parse(onDevice.session));
    // Sent a while later: the times are not set to their arrival (a clock ahead).
    await new Promise((resolve) => setTimeout(resolve, 500));
    counter.net.offline = false;
    await counter.syncClean();
    expect((await serverSession(sessionId))!.createdAt).toBe(onDevice.session);
    const onServer = (await bed.server.db.$client.prepare('SELECT createdAt FROM payments WHERE id = ?').get((sale.args.payment as { id: string }).id)) as { createdAt: string };
    expect(onServer.createdAt).toBe(onDevice.payment);
  });
  it('a server restored from a backup older than the register: its drawer and payments stay its own', async () => {
    const backup = await bed.server.backup('command');
    const counter = await register('counter');
    const code = await counter.ensureDeviceCode();
    const sessionId = randomUUID();
    await counter.run('openDrawer', { id: sessionId, float: 1000 });
    await counter.run('moveDrawerCash', { id: randomUUID(), sessionId, kind: 'payIn', amount: 500, reason: 'Change from the bank' });
    const sale = await counter.sell({ lines: service('Puncture repair', 600) });
    await counter.syncClean();
    await bed.server.restore(backup);
    // The restored server never gave this register its code; the register sends its work again.
    for (let round = 0; round < 3; round += 1) await counter.syncClean();
    expect(await counter.db.problems.count()).toBe(0);
    expect(await serverSession(sessionId)).toMatchObject({ register: code, status: 'open' });
    const paid = (await bed.server.db.$client.prepare('SELECT register FROM payments WHERE id = ?').get((sale.args.payment as { id: string }).id)) as { register: string };
    expect(paid.register).toBe(code);
  });
});
