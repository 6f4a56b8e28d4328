/**
 * Issue 27: the cash drawer on the server, against the real server and a real SQLite file. A register's
 * drawer records (open, pay in/out, close) are facts: what does not fit is recorded and raised for
 * review (a second open session, a second close, a Z number not the register's or used, cash moved
 * after the close, an expected figure the server's records do not give). What cannot be the register's
 * is refused and writes nothing: a drawer opened over REST or by a device with no code, another
 * register's session, a count that is not a count. A session the server does not hold yet waits (425).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { applyMutation } from '../src/sync/apply-mutation';
import { guestCashSale } from './drawer-helpers';
import { drawerReviewReasons, drawerWords } from '@shared/schemas/drawer';
import { drawerMessages } from '@shared/domain/cash-drawer';
import { notYetMessages, notYetStatus } from '@shared/sync/protocol';
import { formatZReportNo } from '@shared/domain/invoice-number';

let server: TestServer;
let admin: { id: string; token: string };
let codeA: string;
let codeB: string;

beforeEach(async () => {
  server = await makeTestServer();
  admin = await server.userWithRole('Admin');
  codeA = (await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-a' })).code;
  codeB = (await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-b' })).code;
  // In use for a month: the minutes these tests date records back are after the server met the registers (device-time.ts).
  await server.db.$client.prepare('UPDATE devices SET createdAt = ?').run(new Date(Date.now() - 30 * 24 * 3600_000).toISOString());
});
afterEach(() => server.close());

/** One entry pushed by a device, as its outbox would: its outcome. `id` and `createdAt` (the device's clock) may be given. */
async function pushFrom(
  clientId: string,
  name: string,
  args: Json,
  { id = randomUUID(), createdAt = new Date().toISOString(), token = admin.token, deviceCode = undefined as string | undefined } = {},
): Promise<Json> {
  const response = await server.call('POST', '/api/sync/push', token, {
    clientId,
    mutations: [{ id, clientId, seq: 1, name, args, createdAt }],
    ...(deviceCode ? { deviceCode } : {}),
  });
  expect(response.status).toBe(200);
  return response.json.results[0] as Json;
}
const pushA = async (name: string, args: Json, options?: Parameters<typeof pushFrom>[3]) => pushFrom('register-a', name, args, options);
const pushB = async (name: string, args: Json, options?: Parameters<typeof pushFrom>[3]) => pushFrom('register-b', name, args, options);

const session = async (id: string) => (await server.db.$client.prepare('SELECT * FROM drawer_sessions WHERE id = ?').get(id)) as Json | undefined;
const writes = async () => ({
  sessions: await countRows(server.db, 'drawer_sessions'),
  moves: await countRows(server.db, 'drawer_moves'),
  applied: await countRows(server.db, 'applied_mutations'),
});
const applied = async (id: string) => (await server.db.$client.prepare('SELECT status, httpStatus FROM applied_mutations WHERE id = ?').get(id)) as Json | undefined;

/** Register A opens a session with a Rs. `float` float: its id. */
async function openA(float = 5000, createdAt?: string): Promise<string> {
  const id = randomUUID();
  expect(await pushA('openDrawer', { id, float }, { createdAt })).toMatchObject({ status: 'applied' });
  return id;
}

const closeArgs = (sessionId: string, zNumber: string, expected: number, count: Json = { 500_000: 1 }) => ({
  sessionId,
  zNumber,
  count,
  expected,
  differenceReason: expected * 100 === countedOf(count) ? '' : 'Counted again',
});
const countedOf = (count: Json) => Object.entries(count).reduce((sum, [cents, pieces]) => sum + Number(cents) * Number(pieces), 0);

let sold = 0;
/** A cash sale of a Rs. `price` service to a guest on register A, paid in full: its invoice id. */
async function sellOnA(price: number, createdAt?: string): Promise<string> {
  const id = randomUUID();
  const outcome = await pushA('checkoutSale', { ...guestCashSale(`INV-${codeA}-${String(++sold).padStart(5, '0')}`, price), id }, { createdAt });
  expect(outcome).toMatchObject({ status: 'applied' });
  return id;
}

describe('what the server records and raises for review', () => {
  it('a close whose figures agree is recorded as the register printed it, with no review', async () => {
    const id = await openA(5000);
    await sellOnA(1000);
    expect(await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 6000, { 500_000: 1, 100_000: 1 }))).toMatchObject({ status: 'applied' });
    expect(await session(id)).toMatchObject({
      status: 'closed',
      zNumber: formatZReportNo(codeA, 1),
      countedCents: 600_000,
      expectedCents: 600_000,
      differenceCents: 0,
      reviewState: '',
      reviewReason: '',
      register: codeA,
    });
  });

  it("a Staff user's register opens and closes its drawer; the Z report names who did", async () => {
    const staff = await server.userWithRole('Staff');
    const pushStaff = async (name: string, args: Json) => pushFrom('register-a', name, args, { token: staff.token });
    const id = randomUUID();
    expect(await pushStaff('openDrawer', { id, float: 2500 })).toMatchObject({ status: 'applied' });
    await sellOnA(500);
    expect(await pushStaff('moveDrawerCash', { id: randomUUID(), sessionId: id, kind: 'payOut', amount: 1000, reason: 'To the bank' })).toMatchObject({ status: 'applied' });
    expect(await pushStaff('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 2000, { 200_000: 1 }))).toMatchObject({ status: 'applied' });
    expect(await session(id)).toMatchObject({
      register: codeA,
      openedById: staff.id,
      openedBy: 'Staff user',
      closedById: staff.id,
      closedBy: 'Staff user',
      expectedCents: 200_000,
      reviewState: '',
    });
  });

  it('a second open session of one register is recorded and raised (openedTwice); the first stays open', async () => {
    const first = await openA(5000);
    const second = await openA(2500);
    const firstRow = (await session(first))!;
    expect(firstRow).toMatchObject({ status: 'open', reviewState: '' });
    expect(await session(second)).toMatchObject({
      status: 'open',
      floatCents: 250_000,
      reviewState: 'open',
      reviewReason: drawerReviewReasons.openedTwice(firstRow.createdAt as string),
    });
    // Register B's drawer is its own: no review.
    const other = randomUUID();
    await pushB('openDrawer', { id: other, float: 1000 });
    expect(await session(other)).toMatchObject({ register: codeB, reviewState: '' });
  });

  it('a close of a closed session keeps the first Z report and raises the later one (closedTwice)', async () => {
    const id = await openA(5000);
    await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 5000));
    const first = (await session(id))!;
    expect(await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 2), 5000, { 500_000: 2 }))).toMatchObject({ status: 'applied' });
    expect(await session(id)).toMatchObject({
      zNumber: first.zNumber,
      countJson: first.countJson,
      countedCents: 500_000,
      closedAt: first.closedAt,
      takingsJson: first.takingsJson,
      reviewState: 'open',
      reviewReason: drawerReviewReasons.closedTwice(formatZReportNo(codeA, 2)),
    });
  });

  it('a Z number of another register, or one already used, is kept as printed and raised (zNumberUsed)', async () => {
    const first = await openA(5000);
    await pushA('closeDrawer', closeArgs(first, formatZReportNo(codeB, 1), 5000));
    expect(await session(first)).toMatchObject({
      status: 'closed',
      zNumber: formatZReportNo(codeB, 1),
      reviewState: 'open',
      reviewReason: drawerReviewReasons.zNumberUsed(formatZReportNo(codeB, 1)),
    });

    const second = await openA(5000);
    await pushA('closeDrawer', closeArgs(second, formatZReportNo(codeA, 1), 5000));
    expect(await session(second)).toMatchObject({ reviewState: '' });
    const third = await openA(5000);
    await pushA('closeDrawer', closeArgs(third, formatZReportNo(codeA, 1), 5000));
    expect(await session(third)).toMatchObject({
      status: 'closed',
      zNumber: formatZReportNo(codeA, 1),
      reviewState: 'open',
      reviewReason: drawerReviewReasons.zNumberUsed(formatZReportNo(codeA, 1)),
    });
  });

  it('a pay-in after its session closed is recorded, not counted in the Z report, and raised (moveOutsideSession)', async () => {
    const id = await openA(5000);
    await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 5000));
    const closed = (await session(id))!;
    const move = randomUUID();
    expect(await pushA('moveDrawerCash', { id: move, sessionId: id, kind: 'payIn', amount: 2000, reason: 'Change from the bank' })).toMatchObject({ status: 'applied' });
    expect(await countRows(server.db, 'drawer_moves', `id = '${move}'`)).toBe(1);
    expect(await session(id)).toMatchObject({ expectedCents: 500_000, takingsJson: closed.takingsJson, reviewState: 'open', reviewReason: drawerReviewReasons.moveOutsideSession });
  });

  it("an expected figure the server's records do not give is recorded as printed and raised (expectedDiffers)", async () => {
    const id = await openA(5000);
    await sellOnA(1000);
    // The register counted against Rs. 5,000: it had not counted the sale.
    await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 5000));
    expect(await session(id)).toMatchObject({
      status: 'closed',
      expectedCents: 500_000,
      countedCents: 500_000,
      differenceCents: 0,
      reviewState: 'open',
      reviewReason: drawerReviewReasons.expectedDiffers('Rs. 5,000.00', 'Rs. 6,000.00'),
    });
  });

  it('records made exactly at the opening and at the close count; a sale on another register does not', async () => {
    const opened = new Date(Date.now() - 60_000).toISOString();
    const id = await openA(5000, opened);
    await sellOnA(700, opened);
    const closing = new Date(Date.now() - 1000).toISOString();
    await sellOnA(300, closing);
    await pushB('openDrawer', { id: randomUUID(), float: 0 });
    await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 6000, { 500_000: 1, 100_000: 1 }), { createdAt: closing });
    expect(await session(id)).toMatchObject({ expectedCents: 600_000, reviewState: '' });
    expect(JSON.parse((await session(id))!.takingsJson as string).takings).toMatchObject({ cashSalesCents: 100_000, cashPaymentsCents: 0 });
  });
});

describe('drawer expenses', () => {
  const expense = (amount: number, extra: Json = {}) => ({
    id: randomUUID(),
    date: new Date().toISOString().slice(0, 10),
    category: 'Fuel',
    amount,
    paidFrom: 'Cash drawer',
    note: 'Diesel',
    ...extra,
  });
  const registerOf = async (id: string) => ((await server.db.$client.prepare('SELECT register FROM expenses WHERE id = ?').get(id)) as Json).register;

  it("count in the drawer of the register that pushed them, whatever code they claim; a correction in its expense's drawer", async () => {
    const id = await openA(20_000);
    // The cashier typed 15,000 for the Rs. 1,500 of diesel paid from register A's drawer.
    const typo = expense(15_000, { register: codeA });
    expect(await pushA('recordExpense', typo)).toMatchObject({ status: 'applied' });
    // Register B's own drawer expense, claiming A's code (a tampered device), is B's.
    const onB = expense(800, { register: codeA, category: 'Food' });
    expect(await pushB('recordExpense', onB)).toMatchObject({ status: 'applied' });
    // A Manager corrects A's expense from register B (the form sends B's own code): it is A's drawer's.
    const correction = expense(-13_500, { register: codeB, correctionOf: typo.id, note: 'Typed 15,000 for 1,500' });
    expect(await pushB('recordExpense', correction)).toMatchObject({ status: 'applied' });
    expect([await registerOf(typo.id), await registerOf(onB.id), await registerOf(correction.id)]).toEqual([codeA, codeB, codeA]);

    await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 18_500, { 500_000: 3, 100_000: 3, 50_000: 1 }));
    expect(await session(id)).toMatchObject({ expectedCents: 1_850_000, countedCents: 1_850_000, reviewState: '' });
  });

  it("a correction made after its expense's session closed moves neither that Z report nor the next session", async () => {
    const first = await openA(20_000);
    const typo = expense(15_000, { register: codeA });
    await pushA('recordExpense', typo);
    // Counted with the typo: Rs. 13,500 more than expected, said in the reason.
    await pushA('closeDrawer', closeArgs(first, formatZReportNo(codeA, 1), 5000, { 500_000: 3, 100_000: 3, 50_000: 1 }));
    expect(await session(first)).toMatchObject({ expectedCents: 500_000, differenceCents: 1_350_000, reviewState: '' });
    const second = await openA(5000);
    await pushB('recordExpense', expense(-13_500, { register: codeB, correctionOf: typo.id, note: 'Typed 15,000 for 1,500' }));
    // The extra cash went with the first count: the second drawer holds its float.
    await pushA('closeDrawer', closeArgs(second, formatZReportNo(codeA, 2), 5000));
    expect(await session(second)).toMatchObject({ expectedCents: 500_000, reviewState: '' });
  });
});

describe('a server restored from a backup older than the register', () => {
  // The restored database has no row for the register's device: as if it had never been given a code.
  const forgetDevice = async (clientId: string) => server.db.$client.prepare('DELETE FROM devices WHERE clientId = ?').run(clientId);

  it('adopts the code the register holds when nobody holds it, and opens its drawer under it', async () => {
    await forgetDevice('register-a');
    const id = randomUUID();
    expect(await pushA('openDrawer', { id, float: 5000 }, { deviceCode: codeA })).toMatchObject({ status: 'applied' });
    expect(await session(id)).toMatchObject({ register: codeA });
    // Adopted for good: the next push need not say it.
    await sellOnA(1000);
    expect(await pushA('closeDrawer', closeArgs(id, formatZReportNo(codeA, 1), 6000, { 500_000: 1, 100_000: 1 }))).toMatchObject({ status: 'applied' });
    expect(await session(id)).toMatchObject({ status: 'closed', expectedCents: 600_000, reviewState: '' });
  });

  it("never adopts another device's code, nor one for a device that has its own", async () => {
    await forgetDevice('register-a');
    const before = await writes();
    expect(await pushA('openDrawer', { id: randomUUID(), float: 5000 }, { deviceCode: codeB })).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      message: drawerWords.noRegister,
    });
    expect({ ...(await writes()), applied: 0 }).toEqual({ ...before, applied: 0 });
    const id = randomUUID();
    expect(await pushB('openDrawer', { id, float: 0 }, { deviceCode: 'DZZZZ' })).toMatchObject({ status: 'applied' });
    expect(await session(id)).toMatchObject({ register: codeB });
  });
});

describe('what the server refuses, writing nothing', () => {
  it('a drawer opened over REST (no register) is a 400', async () => {
    const before = await writes();
    const user = { id: admin.id, name: 'Admin user', email: 'admin@test.lk', role: 'Admin' as const };
    const outcome = await applyMutation(server.db, user, { id: randomUUID(), name: 'openDrawer', args: { id: randomUUID(), float: 5000 } });
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 400, message: drawerWords.noRegister });
    expect(await writes()).toEqual({ ...before, applied: before.applied + 1 });
  });

  it('a drawer opened by a device the server gave no code is a 400', async () => {
    const before = await writes();
    expect(await pushFrom('never-registered', 'openDrawer', { id: randomUUID(), float: 5000 })).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      message: drawerWords.noRegister,
    });
    expect({ ...(await writes()), applied: 0 }).toEqual({ ...before, applied: 0 });
  });

  it("another register's session may not be moved or closed (403)", async () => {
    const id = await openA(5000);
    const before = await writes();
    expect(await pushB('moveDrawerCash', { id: randomUUID(), sessionId: id, kind: 'payOut', amount: 100, reason: 'Tea' })).toMatchObject({
      status: 'rejected',
      httpStatus: 403,
      message: drawerWords.otherRegister,
    });
    expect(await pushB('closeDrawer', closeArgs(id, formatZReportNo(codeB, 1), 5000))).toMatchObject({ status: 'rejected', httpStatus: 403, message: drawerWords.otherRegister });
    expect({ ...(await writes()), applied: 0 }).toEqual({ ...before, applied: 0 });
    expect(await session(id)).toMatchObject({ status: 'open', zNumber: '', reviewState: '' });
  });

  it('a session the server does not hold yet waits on the device (425, not recorded), then applies', async () => {
    const sessionId = randomUUID();
    const moveEntry = randomUUID();
    const closeEntry = randomUUID();
    const move = { id: randomUUID(), sessionId, kind: 'payIn', amount: 1000, reason: 'Change from the bank' };
    const before = await writes();
    expect(await pushA('moveDrawerCash', move, { id: moveEntry })).toMatchObject({ status: 'rejected', httpStatus: notYetStatus, message: notYetMessages.drawerSession });
    expect(await pushA('closeDrawer', closeArgs(sessionId, formatZReportNo(codeA, 1), 6000, { 500_000: 1, 100_000: 1 }), { id: closeEntry })).toMatchObject({
      status: 'rejected',
      httpStatus: notYetStatus,
    });
    expect(await writes()).toEqual(before);
    expect(await applied(moveEntry)).toBeUndefined();
    // The opening arrives; the same entries offered again apply.
    expect(await pushA('openDrawer', { id: sessionId, float: 5000 }, { createdAt: new Date(Date.now() - 60_000).toISOString() })).toMatchObject({ status: 'applied' });
    expect(await pushA('moveDrawerCash', move, { id: moveEntry, createdAt: new Date(Date.now() - 30_000).toISOString() })).toMatchObject({ status: 'applied' });
    expect(await pushA('closeDrawer', closeArgs(sessionId, formatZReportNo(codeA, 1), 6000, { 500_000: 1, 100_000: 1 }), { id: closeEntry })).toMatchObject({ status: 'applied' });
    expect(await session(sessionId)).toMatchObject({ status: 'closed', expectedCents: 600_000, reviewState: '' });
    expect(await applied(moveEntry)).toMatchObject({ status: 'applied' });
  });

  it('a session nobody holds, over REST, is a 404', async () => {
    const user = { id: admin.id, name: 'Admin user', email: 'admin@test.lk', role: 'Admin' as const };
    const outcome = await applyMutation(server.db, user, { id: randomUUID(), name: 'closeDrawer', args: closeArgs(randomUUID(), formatZReportNo(codeA, 1), 5000) });
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 404 });
  });

  it.each([
    ['a negative number of notes', { 100_000: -1 }, drawerMessages.negativeCount('Rs. 1,000')],
    ['half a coin', { 500: 0.5 }, drawerMessages.negativeCount('Rs. 5')],
    ['a note that does not exist', { 300_000: 1 }, drawerMessages.unknownDenomination],
    ['more than a drawer holds', { 100: 100_001 }, drawerMessages.tooManyPieces('Rs. 1')],
  ])('a count with %s is a 400 with its message', async (_name, count, message) => {
    const id = await openA(5000);
    const before = await writes();
    const outcome = await pushA('closeDrawer', { sessionId: id, zNumber: formatZReportNo(codeA, 1), count, expected: 5000, differenceReason: 'Counted' });
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 400 });
    expect(String(outcome.message)).toContain(message);
    expect({ ...(await writes()), applied: 0 }).toEqual({ ...before, applied: 0 });
    expect(await session(id)).toMatchObject({ status: 'open', zNumber: '', countJson: '' });
  });
});
