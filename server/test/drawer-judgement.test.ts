/**
 * Issue 42 ('Money no one can forge'): what the server judges of a register's drawer records itself,
 * rather than taking the device's word, against the real server and a real SQLite file. A device's
 * time before the server met it is bounded and flagged; an opening is judged against the session
 * before it only, so a backdated push touches a couple of rows; closing a closed session again is
 * idempotent and a review's reason is bounded; a pay-out beyond the drawer's cash, a difference
 * without a reason and a close dated before the session's opening or its own pay-ins and pay-outs
 * are recorded and raised.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ago, useDrawerServer } from './drawer-helpers';
import { drawerReviewReasons } from '@shared/schemas/drawer';
import { formatZReportNo } from '@shared/domain/invoice-number';
import { maxReviewReasonLength } from '@shared/domain/drawer-review';

const minute = 60_000;
const hour = 60 * minute;
const d = useDrawerServer();
const metAt = async () => ((await d.server.db.$client.prepare(`SELECT createdAt FROM devices WHERE clientId = 'register-a'`).get()) as { createdAt: string }).createdAt;

describe("a device's time before the server met it", () => {
  it('is recorded as when the server met the device, and flagged as a clock behind', async () => {
    const id = await d.openA(5000, '1970-01-01T08:00:00.000Z');
    expect(await d.session(id)).toMatchObject({ createdAt: await metAt(), clockAheadMs: -Date.parse(await metAt()) + Date.parse('1970-01-01T08:00:00.000Z') });
  });

  it('beyond what a Date holds is one entry recorded at that bound, not a push answered 500', async () => {
    const [bad, good] = [randomUUID(), randomUUID()];
    const outcomes = await d.pushMany('register-a', [
      { name: 'openDrawer', args: { id: bad, float: 1000 }, options: { createdAt: '-271821-04-20T00:00:00.000Z', clockOffsetMs: -minute } },
      { name: 'openDrawer', args: { id: good, float: 1000 } },
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['applied', 'applied']);
    expect(await d.session(bad)).toMatchObject({ createdAt: await metAt(), clockAheadMs: Date.parse('-271821-04-20T00:00:00.000Z') - minute - Date.parse(await metAt()) });
    expect(await d.session(good)).toMatchObject({ clockAheadMs: 0 });
  });
});

describe('an opening is judged against the session opened just before it', () => {
  it('a late opening raises its successor only, whose predecessor was not closed when it opened', async () => {
    const first = await d.openA(5000, ago(3 * hour));
    await d.pushA('closeDrawer', d.closeArgs(first, formatZReportNo(d.codeA, 1), 5000), { createdAt: ago(3 * hour - 10 * minute) });
    const second = await d.openA(5000, ago(2 * hour));
    await d.pushA('closeDrawer', d.closeArgs(second, formatZReportNo(d.codeA, 2), 5000), { createdAt: ago(2 * hour - 10 * minute) });
    // A restored device's opening of four hours ago, never closed, arrives now.
    const lost = await d.openA(5000, ago(4 * hour));
    expect(await d.session(lost)).toMatchObject({ reviewState: '' });
    expect(await d.session(first)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.openedTwice((await d.session(lost)).createdAt as string) });
    // The second opened after the first was closed: its predecessor was in order (docs/decisions.md, Cash-up).
    expect(await d.session(second)).toMatchObject({ reviewState: '', reviewReason: '' });
  });

  it("a close that arrives after the next opening takes back that opening's review", async () => {
    const first = await d.openA(5000, ago(3 * hour));
    const second = await d.openA(5000, ago(2 * hour));
    expect(await d.session(second)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.openedTwice((await d.session(first)).createdAt as string) });
    await d.pushA('closeDrawer', d.closeArgs(first, formatZReportNo(d.codeA, 1), 5000), { createdAt: ago(2 * hour + 10 * minute) });
    expect(await d.session(second)).toMatchObject({ reviewState: '', reviewReason: '' });
  });
});

describe('closing a closed session again', () => {
  it('with its own Z number and count changes nothing, however often it comes', async () => {
    const id = await d.openA(5000);
    const close = d.closeArgs(id, formatZReportNo(d.codeA, 1), 5000);
    await d.pushA('closeDrawer', close);
    const closed = await d.session(id);
    for (let i = 0; i < 3; i++) expect(await d.pushA('closeDrawer', close)).toMatchObject({ status: 'applied' });
    expect(await d.session(id)).toEqual(closed);
  });

  it('under other Z numbers raises each once, in a reason of bounded length', async () => {
    const id = await d.openA(5000);
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 5000));
    const again = (n: number) => ({ name: 'closeDrawer', args: d.closeArgs(id, formatZReportNo(d.codeA, n), 5000, { 500_000: 2 }) });
    await d.pushMany('register-a', [again(2), again(2), again(3)]);
    expect(await d.session(id)).toMatchObject({
      reviewState: 'open',
      reviewReason: [drawerReviewReasons.closedTwice(formatZReportNo(d.codeA, 2)), drawerReviewReasons.closedTwice(formatZReportNo(d.codeA, 3))].join(' '),
    });
    await d.pushMany(
      'register-a',
      Array.from({ length: 100 }, (_, i) => again(i + 4)),
    );
    const reason = (await d.session(id)).reviewReason as string;
    expect(reason.length).toBeLessThanOrEqual(maxReviewReasonLength);
    expect(reason).toContain(drawerReviewReasons.closedTwice(formatZReportNo(d.codeA, 2)));
    expect(reason).toMatch(/More reasons not shown: \d+\.$/);
  });

  it('pay-ins after the close raise the session once, not once a move', async () => {
    const id = await d.openA(5000);
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 5000));
    for (let i = 0; i < 3; i++) await d.pushA('moveDrawerCash', { id: randomUUID(), sessionId: id, kind: 'payIn', amount: 100, reason: 'Change' });
    expect(await d.session(id)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.moveOutsideSession });
  });
});

describe("the server works the drawer's money out itself", () => {
  it('a pay-out beyond the cash the drawer held then is recorded and raised; one within it is not', async () => {
    const id = await d.openA(1000);
    await d.sellOnA(500);
    expect(await d.pushA('moveDrawerCash', { id: randomUUID(), sessionId: id, kind: 'payOut', amount: 1500, reason: 'To the bank' })).toMatchObject({ status: 'applied' });
    expect(await d.session(id)).toMatchObject({ reviewState: '', reviewReason: '' });
    const move = randomUUID();
    expect(await d.pushA('moveDrawerCash', { id: move, sessionId: id, kind: 'payOut', amount: 1_000_000, reason: 'To the bank' })).toMatchObject({ status: 'applied' });
    expect(await d.server.db.$client.prepare('SELECT amountCents FROM drawer_moves WHERE id = ?').get(move)).toEqual({ amountCents: 100_000_000 });
    expect(await d.session(id)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.payOutBeyondCash('Rs. 1,000,000.00', 'Rs. 0.00') });
  });

  it("a pay-out raised before another cashier's earlier sale arrived is taken back once it has", async () => {
    const id = await d.openA(1000, ago(3 * hour));
    await d.pushA('moveDrawerCash', { id: randomUUID(), sessionId: id, kind: 'payOut', amount: 4000, reason: 'To the bank' }, { createdAt: ago(hour) });
    expect(await d.session(id)).toMatchObject({ reviewState: 'open', reviewReason: drawerReviewReasons.payOutBeyondCash('Rs. 4,000.00', 'Rs. 1,000.00') });
    // The other cashier's sale of two hours ago reaches the server now (per-author outboxes).
    await d.sellOnA(5000, ago(2 * hour));
    expect(await d.session(id)).toMatchObject({ reviewState: '', reviewReason: '' });
  });

  it('a count that differs with no reason is recorded and raised', async () => {
    const id = await d.openA(5000);
    expect(await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 5000, { 100_000: 4 }, ''))).toMatchObject({ status: 'applied' });
    expect(await d.session(id)).toMatchObject({
      status: 'closed',
      countedCents: 400_000,
      differenceCents: -100_000,
      differenceReason: '',
      reviewState: 'open',
      reviewReason: drawerReviewReasons.differenceWithoutReason('-Rs. 1,000.00'),
    });
  });

  it("a close dated before its session's opening is raised, and its Z report still counts the session's sales", async () => {
    const id = await d.openA(5000, ago(3 * hour));
    await d.sellOnA(1000, ago(2 * hour));
    await d.sellOnA(500, ago(hour));
    const lastSale = (await d.server.db.$client.prepare(`SELECT max(createdAt) AS at FROM payments`).get()) as { at: string };
    // The register's clock went back to before the opening while the drawer was counted.
    const closing = ago(5 * hour);
    expect(await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 6500, { 500_000: 1, 100_000: 1, 50_000: 1 }), { createdAt: closing })).toMatchObject({
      status: 'applied',
    });
    const closed = await d.session(id);
    expect(closed).toMatchObject({ status: 'closed', closedAt: lastSale.at, expectedCents: 650_000, differenceCents: 0, reviewState: 'open' });
    expect(closed.reviewReason).toBe(drawerReviewReasons.closedBeforeItsRecords(closing, lastSale.at));
    expect(JSON.parse(closed.takingsJson as string).takings).toMatchObject({ cashSalesCents: 150_000 });
  });

  it('a close dated before one of its pay-outs is raised and counts to its last record', async () => {
    const id = await d.openA(5000, ago(3 * hour));
    await d.sellOnA(1000, ago(2 * hour));
    const payOut = ago(hour);
    await d.pushA('moveDrawerCash', { id: randomUUID(), sessionId: id, kind: 'payOut', amount: 2000, reason: 'To the bank' }, { createdAt: payOut });
    // The pay-out was made with the session open on the register, so before its close: the close's time is wrong.
    const closing = ago(150 * minute);
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 4000, { 200_000: 2 }), { createdAt: closing });
    expect(await d.session(id)).toMatchObject({
      closedAt: payOut,
      expectedCents: 400_000,
      reviewState: 'open',
      reviewReason: drawerReviewReasons.closedBeforeItsRecords(closing, payOut),
    });
  });

  it("another cashier's sale made after the close, arriving before it, is not the session's", async () => {
    const id = await d.openA(5000, ago(3 * hour));
    await d.sellOnA(1000, ago(2 * hour));
    // Sold at the register with the drawer closed, by a cashier whose outbox went out first.
    await d.sellOnA(700, ago(30 * minute));
    const closing = ago(hour);
    await d.pushA('closeDrawer', d.closeArgs(id, formatZReportNo(d.codeA, 1), 6000, { 500_000: 1, 100_000: 1 }), { createdAt: closing });
    expect(await d.session(id)).toMatchObject({ closedAt: closing, expectedCents: 600_000, reviewState: '', reviewReason: '' });
  });
});

describe('a server restored from a backup older than the register', () => {
  it('keeps the times of what the register did before the server adopted its code', async () => {
    const code = d.codeA;
    await d.server.db.$client.prepare(`DELETE FROM devices WHERE clientId = 'register-a'`).run();
    const [opened, sold] = [ago(2 * hour), ago(90 * minute)];
    const id = randomUUID();
    expect(await d.pushA('openDrawer', { id, float: 5000 }, { createdAt: opened, deviceCode: code })).toMatchObject({ status: 'applied' });
    expect(await d.session(id)).toMatchObject({ register: code, createdAt: opened, clockAheadMs: 0 });
    // Adopted now; its outbox still holds what it did before.
    const invoice = await d.sellOnA(1000, sold);
    expect(await d.server.db.$client.prepare('SELECT createdAt, clockAheadMs FROM invoices WHERE id = ?').get(invoice)).toEqual({ createdAt: sold, clockAheadMs: 0 });
  });
});
