/**
 * Issue 42, point 9: a register's cash is read by its register and by Managers and Admins
 * (docs/decisions.md, Who reads what). Staff read the drawer sessions and moves of the register
 * their device is, and the expenses of that register's drawer or recorded by themselves; nothing
 * else of them reaches a Staff device: not the pull (whose cursor still passes what it leaves out),
 * not /api/sync/records, not a refusal's record states, not GET /api/expenses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { devicePusher, makeTestServer, postOk, type Json, type SeededUser, type TestServer } from './helpers';
import { syncProtocol } from '@shared/sync/protocol';

let server: TestServer;
let staff: SeededUser;
let manager: SeededUser;
let codeA: string;
/** Every row of the three tables, by what it is. */
let rows: Record<'sessionA' | 'moveA' | 'drawerExpenseA' | 'cardByStaff' | 'restByStaff' | 'sessionB' | 'moveB' | 'drawerExpenseB' | 'rentByManager', string>;

const today = () => new Date().toISOString().slice(0, 10);
const expense = (paidFrom: string, category: string, amount: number): Json => ({ id: randomUUID(), date: today(), category, amount, paidFrom, note: '' });

beforeEach(async () => {
  server = await makeTestServer();
  const admin = await server.userWithRole('Admin');
  staff = await server.userWithRole('Staff');
  manager = await server.userWithRole('Manager');
  codeA = (await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-a' })).code;
  await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-b' });
  // Register A: its drawer opened by Staff, a pay-in and a drawer expense by the Admin working it,
  // and a card expense Staff recorded there (a card expense belongs to no drawer: register '').
  const staffAtA = devicePusher(server, staff.token, 'register-a');
  const adminAtA = devicePusher(server, admin.token, 'register-a');
  const adminAtB = devicePusher(server, admin.token, 'register-b');
  const sessionA = randomUUID();
  const sessionB = randomUUID();
  const moveA = { id: randomUUID(), sessionId: sessionA, kind: 'payIn', amount: 500, reason: 'Change' };
  const moveB = { id: randomUUID(), sessionId: sessionB, kind: 'payOut', amount: 700, reason: 'To the bank' };
  const [drawerExpenseA, cardByStaff, drawerExpenseB] = [expense('Cash drawer', 'Fuel', 150), expense('Card', 'Tools', 90), expense('Cash drawer', 'Food', 40)];
  const applied = [
    await staffAtA('openDrawer', { id: sessionA, float: 5000 }),
    await adminAtA('moveDrawerCash', moveA),
    await adminAtA('recordExpense', drawerExpenseA),
    await staffAtA('recordExpense', cardByStaff),
    await adminAtB('openDrawer', { id: sessionB, float: 3000 }),
    await adminAtB('moveDrawerCash', moveB),
    await adminAtB('recordExpense', drawerExpenseB),
  ];
  for (const outcome of applied) expect(outcome).toMatchObject({ status: 'applied' });
  // Over REST an expense has no register: the Manager's rent from the bank, Staff's tea.
  const rentByManager = (await postOk(server, manager.token, '/api/expenses', expense('Bank', 'Rent', 45_000))).expense._id;
  const restByStaff = (await postOk(server, staff.token, '/api/expenses', expense('Cash drawer', 'Food', 20))).expense._id;
  rows = {
    sessionA,
    moveA: moveA.id,
    drawerExpenseA: drawerExpenseA.id,
    cardByStaff: cardByStaff.id,
    restByStaff,
    sessionB,
    moveB: moveB.id,
    drawerExpenseB: drawerExpenseB.id,
    rentByManager,
  };
});
afterEach(() => server.close());

const scoped = ['drawerSessions', 'drawerMoves', 'expenses'];
const ids = (names: (keyof typeof rows)[]) => names.map((name) => rows[name]).sort();

/** A whole pull, page by page (`limit` a page), as `token` reads it from the device `client`: the scoped tables' ids, the pages and the last page. */
async function pullAll(token: string, client?: string, limit = 2): Promise<{ ids: string[]; pages: number; last: Json }> {
  const seen: string[] = [];
  let since = '';
  for (let pages = 1; pages < 100; pages += 1) {
    const query = `since=${encodeURIComponent(since)}&limit=${limit}&scope=1&protocol=${syncProtocol}&tables=${scoped.join(',')}${client ? `&client=${client}` : ''}`;
    const { status, json } = await server.call('GET', `/api/sync/pull?${query}`, token);
    expect(status).toBe(200);
    seen.push(...json.changes.map((change: Json) => change.id));
    since = json.cursor;
    if (!json.hasMore) return { ids: seen.sort(), pages, last: json };
  }
  throw new Error('the pull never ended');
}

describe('the pull', () => {
  it("gives Staff their register's sessions and moves and their own expenses; a Manager every one", async () => {
    const asStaff = await pullAll(staff.token, 'register-a');
    expect(asStaff.ids).toEqual(ids(['sessionA', 'moveA', 'drawerExpenseA', 'cardByStaff', 'restByStaff']));
    expect(asStaff.last.readScope).toEqual({
      role: 'Staff',
      hidden: [
        'goodsReceiptLines.unitCostCents',
        'goodsReceipts.totalCents',
        'invoiceLines.costCents',
        'items.costPriceCents',
        'items.lastCostCents',
        'purchaseOrderLines.unitCostCents',
        'purchaseOrders.totalCents',
      ],
      rows: [
        `drawerMoves?register=${codeA}`,
        `drawerSessions?register=${codeA}`,
        `expenses?register=${codeA}|userId=${staff.id}`,
        // What the shop owes its suppliers (issue 44): no row of it.
        'supplierBillLines?',
        'supplierBills?',
        'supplierPayments?',
        'supplierReturnLines?',
        'supplierReturns?',
      ],
    });
    const asManager = await pullAll(manager.token, 'register-a');
    expect(asManager.ids).toEqual(ids(Object.keys(rows) as (keyof typeof rows)[]));
    expect(asManager.last.readScope).toEqual({
      role: 'Manager',
      hidden: [],
      rows: ['drawerMoves?*', 'drawerSessions?*', 'expenses?*', 'supplierBillLines?*', 'supplierBills?*', 'supplierPayments?*', 'supplierReturnLines?*', 'supplierReturns?*'],
    });
    // What Staff do not read is passed, not waited on: the same cursor at the end, no more pages.
    expect(asStaff.last.cursor).toBe(asManager.last.cursor);
    expect(asStaff.pages).toBeLessThanOrEqual(asManager.pages);
  });

  it('gives Staff on no known register no drawer at all, and only the expenses they recorded', async () => {
    expect((await pullAll(staff.token)).ids).toEqual(ids(['cardByStaff', 'restByStaff']));
    expect((await pullAll(staff.token, 'not-a-register')).ids).toEqual(ids(['cardByStaff', 'restByStaff']));
  });
});

describe('the sync answers', () => {
  const keys = () => [
    `drawerSessions:${rows.sessionA}`,
    `drawerSessions:${rows.sessionB}`,
    `drawerMoves:${rows.moveB}`,
    `expenses:${rows.drawerExpenseB}`,
    `expenses:${rows.rentByManager}`,
  ];
  const records = async (token: string) => {
    const { status, json } = await server.call('POST', '/api/sync/records', token, { keys: keys(), clientId: 'register-a' });
    expect(status).toBe(200);
    return Object.fromEntries(json.records.map((state: Json) => [state.id, state.row?.id ?? null]));
  };

  it("/records answers Staff another register's rows as absent; a Manager as they are", async () => {
    expect(await records(staff.token)).toEqual({
      [rows.sessionA]: rows.sessionA,
      [rows.sessionB]: null,
      [rows.moveB]: null,
      [rows.drawerExpenseB]: null,
      [rows.rentByManager]: null,
    });
    expect(await records(manager.token)).toEqual(Object.fromEntries(keys().map((key) => [key.split(':')[1], key.split(':')[1]])));
  });

  it("a refusal's record states do not show Staff another register's session or expense", async () => {
    const refused = async (token: string) => {
      const push = devicePusher(server, token, 'register-a');
      // Cash moved in register B's drawer from register A: refused for every role (a drawer is counted where it stands).
      const move = await push('moveDrawerCash', { id: randomUUID(), sessionId: rows.sessionB, kind: 'payIn', amount: 1, reason: 'x' });
      // A correction of register B's expense: refused for Staff (only Managers correct), and a Manager's of more than stands.
      const correction = await push('recordExpense', { ...expense('Cash drawer', 'Food', -41), correctionOf: rows.drawerExpenseB, note: 'Typed twice' });
      for (const outcome of [move, correction]) expect(outcome.status).toBe('rejected');
      return [...move.current, ...correction.current].filter((state: Json) => state.id === rows.sessionB || state.id === rows.drawerExpenseB);
    };
    const asStaff = await refused(staff.token);
    expect(asStaff.map((state: Json) => [state.id, state.row])).toEqual([
      [rows.sessionB, null],
      [rows.drawerExpenseB, null],
    ]);
    const asManager = await refused(manager.token);
    expect(asManager.map((state: Json) => state.row?.id)).toEqual([rows.sessionB, rows.drawerExpenseB]);
  });
});

describe('GET /api/expenses', () => {
  it('answers Staff the expenses they recorded (REST names no register); a Manager every one', async () => {
    const listed = async (token: string) => (await server.call('GET', '/api/expenses', token)).json;
    const asStaff = await listed(staff.token);
    expect(asStaff.expenses.map((row: Json) => row._id).sort()).toEqual(ids(['cardByStaff', 'restByStaff']));
    expect(asStaff.total).toBe(110);
    const asManager = await listed(manager.token);
    expect(asManager.expenses.map((row: Json) => row._id).sort()).toEqual(ids(['drawerExpenseA', 'cardByStaff', 'restByStaff', 'drawerExpenseB', 'rentByManager']));
    expect(asManager.total).toBe(45_300);
  });
});
