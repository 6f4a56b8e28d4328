// The hostile Staff member's attacks on their own register's cash drawer and expenses: a pay-out far
// beyond what the drawer holds, a count that differs closed with no reason, and the register's clock
// set back for an opening, a pay-out, a close and an expense (issue 42, points 2, 7 and 8). Pushed by
// hand, or made on the register and edited in its outbox.
import { countOf, expectedOn } from './honest-cashier';
import { count, expectReview, openSessionOn, pushForged, runOn, type Shop } from './shop';
import { getClientId } from '@/sync/client-id';
import { nextZReportNo } from '@/sync/invoice-numbers';
import type { OutboxEntry } from '@/db/db';
import { localDay } from '@shared/domain/dashboard';
import { countedCents } from '@shared/domain/cash-drawer';
import { formatMoney, toCents } from '@shared/domain/money';
import type { DrawerSessionRow } from '@shared/schemas/drawer';

const longAgo = (shop: Shop, before: string) =>
  shop.random.chance(0.5) ? '1970-01-01T00:00:00.000Z' : new Date(Date.parse(before) - shop.random.int(30, 90) * 86_400_000).toISOString();

/**
 * The hostile register's newest session the server holds open and no close is on its way for (a
 * later pay-out or count would meet a closed session), opened by a pushed opening when there is none.
 */
async function openSession(shop: Shop): Promise<DrawerSessionRow> {
  const select = "SELECT * FROM drawer_sessions WHERE register = ? AND status = 'open' AND deleted = 0 ORDER BY createdAt DESC, id DESC";
  const open = ((await shop.server.db.$client.prepare(select).all(shop.codes.get(shop.hostile.name))) as DrawerSessionRow[]).find((row) => !shop.closing.has(row.id));
  if (open) return open;
  const id = shop.id();
  await pushForged(shop, 'openDrawer', { id, float: shop.random.int(0, 5_000) });
  return (await shop.server.db.$client.prepare('SELECT * FROM drawer_sessions WHERE id = ?').get(id)) as DrawerSessionRow;
}

/**
 * A session to close by hand, and what the register expects in its drawer: none of the register's own
 * changes to it still queued (they would arrive after the close), and its view synced with the
 * server's, so that the figure is the one the server's records give.
 */
async function sessionToClose(shop: Shop): Promise<{ session: DrawerSessionRow; expectedCents: number } | null> {
  const session = await openSession(shop);
  const queued = () => shop.hostile.db.outbox.where('touches').equals(`drawerSessions:${session.id}`).count();
  if ((await queued()) > 0) await shop.hostile.trySync();
  if ((await queued()) > 0) return null;
  await shop.hostile.syncClean();
  const held = await shop.hostile.db.drawerSessions.get(session.id);
  if (!held) return null;
  shop.closing.add(session.id);
  return { session, expectedCents: await expectedOn(shop.hostile, held) };
}

/** A pay-out of tens of millions of rupees from the register's drawer (one a session: the expected cash stays within what a close may state). */
export async function hugePayOut(shop: Shop): Promise<void> {
  const session = await openSession(shop);
  if (shop.hugePayOutSessions.has(session.id)) return;
  shop.hugePayOutSessions.add(session.id);
  const args = { id: shop.id(), sessionId: session.id, kind: 'payOut', amount: shop.random.int(10_000_000, 50_000_000), reason: 'Bank' };
  const expected = {
    what: `a pay-out of Rs. ${args.amount} from the register's drawer`,
    table: 'drawerSessions' as const,
    id: session.id,
    refusable: false,
    drawerRule: true,
    ownReason: formatMoney(toCents(args.amount)),
  };
  if ((await openSessionOn(shop, shop.hostile))?.id === session.id && shop.random.chance(0.5)) {
    // The Cash Drawer screen takes it: the server must judge it from its own records.
    const entry = await runOn(shop, shop.hostile, 'moveDrawerCash', args, { forged: true });
    if (entry) return expectReview(shop, entry, expected);
  }
  await pushForged(shop, 'moveDrawerCash', args, { expect: expected });
}

/** A close whose count differs from what was expected, with no reason: the register refuses it, so its outbox entry is edited, or it is pushed by hand. */
export async function closeWithoutReason(shop: Shop): Promise<void> {
  const toClose = await sessionToClose(shop);
  if (!toClose) return;
  const { session, expectedCents } = toClose;
  let count = countOf(Math.max(expectedCents, 0) + shop.random.int(1, 50) * 2_000);
  if (countedCents(count) === expectedCents) count = { ...count, 2000: (count[2000] ?? 0) + 1 };
  const args = { sessionId: session.id, zNumber: await nextZReportNo(shop.hostile.db), count, expected: expectedCents / 100, differenceReason: '' };
  const expected = {
    what: `a close counting ${countedCents(count)} against ${expectedCents} cents, with no reason`,
    table: 'drawerSessions' as const,
    id: session.id,
    refusable: false,
    drawerRule: true,
    ownReason: formatMoney(Math.abs(countedCents(count) - expectedCents)),
  };
  if ((await openSessionOn(shop, shop.hostile))?.id === session.id && shop.random.chance(0.5)) {
    const tamper = (entry: OutboxEntry) => shop.hostile.tamperQueued(entry, (queued) => ({ ...queued, differenceReason: '' })).then(() => undefined);
    const entry = await runOn(shop, shop.hostile, 'closeDrawer', { ...args, differenceReason: 'Short' }, { forged: true, tamper });
    if (entry) return expectReview(shop, entry, expected);
  }
  await pushForged(shop, 'closeDrawer', args, { expect: expected });
}

/**
 * A close with the register's clock set back before the session's own opening: under review (the
 * register's figure differs from what the server counts up to such a time, or the close is dated
 * by its records), and not closed before its opening.
 */
export async function backdatedClose(shop: Shop): Promise<void> {
  const toClose = await sessionToClose(shop);
  if (!toClose) return;
  const { session, expectedCents } = toClose;
  const count = countOf(expectedCents);
  const at = longAgo(shop, session.createdAt);
  const args = {
    sessionId: session.id,
    zNumber: await nextZReportNo(shop.hostile.db),
    count,
    expected: expectedCents / 100,
    differenceReason: countedCents(count) === expectedCents ? '' : 'Coins',
  };
  const what = `a close dated ${at}, before its session opened at ${session.createdAt}`;
  await pushForged(shop, 'closeDrawer', args, { createdAt: at, expect: { what, table: 'drawerSessions', id: session.id, refusable: false, drawerRule: true } });
  shop.backdated.push({ table: 'drawerSessions', id: session.id, column: 'closedAt', what });
}

/** An opening with the register's clock set back (to 1970, or months before). */
export async function backdatedOpening(shop: Shop): Promise<void> {
  const id = shop.id();
  const at = longAgo(shop, new Date().toISOString());
  await pushForged(shop, 'openDrawer', { id, float: shop.random.int(0, 5_000) }, { createdAt: at });
  shop.backdated.push({ table: 'drawerSessions', id, column: 'createdAt', what: `an opening dated ${at}` });
}

/** A pay-out with the register's clock set back. */
export async function backdatedPayOut(shop: Shop): Promise<void> {
  const session = await openSession(shop);
  const id = shop.id();
  const at = longAgo(shop, session.createdAt);
  await pushForged(shop, 'moveDrawerCash', { id, sessionId: session.id, kind: 'payOut', amount: shop.random.int(1, 5_000), reason: 'Bank' }, { createdAt: at });
  shop.backdated.push({ table: 'drawerMoves', id, column: 'createdAt', what: `a pay-out dated ${at}` });
}

/** A drawer expense dated 1970 with the register's clock set back to it: pushed by hand, or its date and time edited in the outbox. */
export async function backdatedExpense(shop: Shop): Promise<void> {
  const at = '1970-01-01T00:00:00.000Z';
  const args = {
    id: shop.id(),
    date: localDay(new Date()),
    category: 'Fuel',
    amount: shop.random.int(100, 50_000),
    paidFrom: 'Cash drawer',
    note: '',
    register: shop.codes.get(shop.hostile.name),
  };
  const expected = { what: 'a drawer expense dated 1970', table: 'expenses' as const, id: args.id, refusable: false };
  shop.backdated.push({ table: 'expenses', id: args.id, column: 'createdAt', what: expected.what });
  if (shop.random.chance(0.5)) {
    const tamper = async (entry: OutboxEntry) => {
      await shop.hostile.tamperQueued(entry, (queued) => ({ ...queued, date: '1970-01-01' }));
      await shop.hostile.db.outbox.where('id').equals(entry.id).modify({ createdAt: at, clockOffsetMs: 0 });
      Object.assign(entry, { createdAt: at, clockOffsetMs: 0 });
    };
    const entry = await runOn(shop, shop.hostile, 'recordExpense', args, { forged: true, tamper });
    if (entry) return expectReview(shop, entry, expected);
  }
  await pushForged(shop, 'recordExpense', { ...args, date: '1970-01-01' }, { createdAt: at, expect: expected });
}

/**
 * A pay-out pushed under the counter's clientId (no secret: every exported outbox file names it), with
 * no key or one made up: refused whole, and nothing of it on the server (server/src/sync/device-keys.ts).
 */
export async function impersonatedPayOut(shop: Shop): Promise<void> {
  const session = await openSessionOn(shop, shop.counter);
  if (!session) return;
  const id = shop.id();
  const args = { id, sessionId: session.id, kind: 'payOut', amount: shop.random.int(1, 5_000), reason: 'Bank' };
  const key = shop.random.chance(0.5)
    ? undefined
    : shop
        .id()
        .replace(/[^\w-]/g, '')
        .padEnd(32, 'x');
  const { status } = await shop.forger.pushAs(await getClientId(shop.counter.db), key, 'moveDrawerCash', args);
  if (status !== 403) throw new Error(`a pay-out pushed as the counter, without its key, was answered ${status}`);
  const stored = await shop.server.db.$client.prepare('SELECT count(*) FROM drawer_moves WHERE id = ?').pluck().get(id);
  if (stored !== 0) throw new Error('a pay-out pushed as the counter, without its key, was written');
  count(shop, 'impersonationRefused');
}
