// Issue 22, part 4: reads scoped by role (docs/decisions.md, Who reads what). Staff never receive
// cost prices, neither in a pull nor from any REST or sync answer; a Manager does. A role an Admin
// changes takes effect at that user's next pull: the device drops the columns or fetches them. A
// tablet shared by a Manager and Staff holds, for each, only what that role reads.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, type TestSession } from './harness';
import type { PullResponse, PushResponse, RecordState } from '@shared/sync/messages';
import type { SyncedRow } from '@shared/sync/tables';

let server: TestServer;
let manager: TestSession;
let staff: TestSession;
let devices: Device[] = [];
const random = new Random(20261126);
const costs = new Map<string, number>(); // item id → cost in cents
let category = '';

beforeAll(async () => {
  server = await TestServer.start();
  manager = await server.addUser('Mala Manager', 'Manager');
  staff = await server.addUser('Sunil Staff', 'Staff');
  const shop = tablet('office-pc');
  category = randomUUID();
  await shop.run('createCategory', { id: category, name: 'Filters', description: '' });
  for (const [i, name] of ['Oil filter', 'Air filter', 'Fuel filter'].entries()) {
    const id = randomUUID();
    await shop.run('createItem', {
      id,
      itemName: name,
      barcode: `RS-${i}`,
      category,
      unitPrice: '1500',
      costPrice: String(900 + i),
      stockQuantity: String(i),
      reorderLevel: '2',
      description: '',
    });
    costs.set(id, (900 + i) * 100);
  }
  await shop.syncClean();
}, 60_000);
afterEach(() => {
  for (const device of devices) device.close();
  devices = [];
});
afterAll(async () => {
  await server.stop();
});

function tablet(name: string): Device {
  const device = new Device(name, server, random.fork());
  devices.push(device);
  return device;
}

async function itemsOn(device: Device): Promise<SyncedRow[]> {
  return (await device.mirror()).items;
}

const hasCost = (row: Record<string, unknown>) => 'costPriceCents' in row || 'costPrice' in row;

async function call<T>(session: TestSession, path: string, init: RequestInit = {}): Promise<{ body: T; text: string }> {
  const response = await server.api(path, { ...init, headers: { 'content-type': 'application/json', token: session.token } });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return { body: JSON.parse(text) as T, text };
}

/** The Admin gives an account another role through User Management; its sessions stay valid. */
async function changeRole(session: TestSession, role: 'Manager' | 'Staff'): Promise<void> {
  const name = session.author.name;
  await call(server.admin, '/api/user/update-user', {
    method: 'POST',
    body: JSON.stringify({ id: session.author.id, name, email: session.email, phoneNo: '0771234567', role, status: true }),
  });
}

describe('the pull', () => {
  it("a Staff device's pull carries no cost price; a Manager's carries every one", async () => {
    const counter = tablet('counter-tablet');
    counter.logIn(staff);
    await counter.syncClean();
    const staffItems = await itemsOn(counter);
    expect(staffItems.map((row) => row.id).sort()).toEqual([...costs.keys()].sort());
    // Everything needed to sell stays: name, price, stock.
    for (const row of staffItems) {
      expect(hasCost(row), JSON.stringify(row)).toBe(false);
      expect(row.unitPriceCents).toBe(150_000);
      expect(typeof row.stockHundredths).toBe('number');
    }

    const office = tablet('office-tablet');
    office.logIn(manager);
    await office.syncClean();
    for (const row of await itemsOn(office)) expect(row.costPriceCents).toBe(costs.get(row.id));
  });

  it('the page says which role its rows were projected for, and a Staff page names no cost anywhere', async () => {
    const { body } = await call<PullResponse>(staff, '/api/sync/pull?limit=2000&scope=1');
    // Pulled from no register: Staff read no drawer, and the expenses they recorded (register-read-scope.test.ts).
    expect(body.readScope).toEqual({
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
        'drawerMoves?',
        'drawerSessions?',
        `expenses?userId=${staff.author.id}`,
        'supplierBillLines?',
        'supplierBills?',
        'supplierPayments?',
        'supplierReturnLines?',
        'supplierReturns?',
      ],
    });
    expect(body.changes.filter((change) => change.table === 'items').length).toBeGreaterThanOrEqual(costs.size);
    expect(JSON.stringify(body.changes)).not.toMatch(/costPrice/);
    const managers = await call<PullResponse>(manager, '/api/sync/pull?limit=2000&scope=1');
    expect(managers.body.readScope).toEqual({
      role: 'Manager',
      hidden: [],
      rows: ['drawerMoves?*', 'drawerSessions?*', 'expenses?*', 'supplierBillLines?*', 'supplierBills?*', 'supplierPayments?*', 'supplierReturnLines?*', 'supplierReturns?*'],
    });
    expect(JSON.stringify(managers.body.changes)).toMatch(/costPriceCents/);
  });
});

describe('REST and sync answers', () => {
  it('the items list, the low stock report, the download search and /records carry no cost for Staff, and do for a Manager', async () => {
    const ids = [...costs.keys()];
    const reads: [string, RequestInit?][] = [
      ['/api/items'],
      ['/api/items?search=filter&page=1&limit=10'],
      ['/api/stock-report/low-stock-items?threshold=5'],
      ['/api/sync/search?table=items&search=filter'],
      ['/api/sync/records', { method: 'POST', body: JSON.stringify({ keys: ids.map((id) => `items:${id}`) }) }],
    ];
    for (const [path, init] of reads) {
      const asStaff = await call<unknown>(staff, path, init);
      expect(asStaff.text, path).toContain('Oil filter');
      expect(asStaff.text, path).not.toMatch(/costPrice/);
      const asManager = await call<unknown>(manager, path, init);
      expect(asManager.text, path).toMatch(/costPrice/);
    }
  });

  it("a push answer to Staff, applied or refused, carries no cost: a refusal's record states", async () => {
    const [itemId] = [...costs.keys()];
    const quickId = randomUUID();
    const push = (mutations: unknown[]) => call<PushResponse>(staff, '/api/sync/push', { method: 'POST', body: JSON.stringify({ clientId: 'read-scope-test', mutations }) });
    const envelope = (seq: number, name: string, args: unknown, touches: string[]) => ({
      id: randomUUID(),
      clientId: 'read-scope-test',
      seq,
      name,
      args,
      createdAt: new Date().toISOString(),
      authorId: staff.author.id,
      touches,
    });
    const { body, text } = await push([
      // Staff may quick-add an item from a job card (the answer holds no row: the pull brings it).
      envelope(1, 'quickCreateItem', { id: quickId, itemName: 'Radiator cap', unitPrice: 800 }, [`items:${quickId}`]),
      // Staff may not edit the catalogue: refused, with the item's current state.
      envelope(2, 'updateItem', { id: itemId, unitPrice: 1 }, [`items:${itemId}`]),
    ]);
    expect(body.results.map((result) => result.status)).toEqual(['applied', 'rejected']);
    const refused = body.results[1] as { current: RecordState[] };
    expect(refused.current[0]?.row?.itemName).toBe('Oil filter');
    expect(text).not.toMatch(/costPrice/);
  });

  it('REST writes answer Staff without the cost too (the quick add)', async () => {
    const { body, text } = await call<{ item: Record<string, unknown> }>(staff, '/api/items/quick', {
      method: 'POST',
      body: JSON.stringify({ itemName: 'Fan belt', unitPrice: 1200 }),
    });
    expect(body.item.itemName).toBe('Fan belt');
    expect(text).not.toMatch(/costPrice/);
  });
});

describe('a role change takes effect at the next pull', () => {
  it('an Admin makes a Manager Staff: the device drops every cost; made Manager again, it fetches them back', async () => {
    const nimal = await server.addUser('Nimal Changing', 'Manager');
    const device = tablet('nimal-tablet');
    device.logIn(nimal);
    await device.syncClean();
    for (const row of await itemsOn(device)) if (costs.has(row.id)) expect(row.costPriceCents).toBe(costs.get(row.id));
    const cursor = (await device.db.syncState.get('cursor'))?.value;

    await changeRole(nimal, 'Staff');
    await device.syncClean(); // the same session: the server reads the role each time
    const dropped = await itemsOn(device);
    expect(dropped.length).toBeGreaterThanOrEqual(costs.size);
    for (const row of dropped) expect(hasCost(row), JSON.stringify(row)).toBe(false);
    expect(JSON.parse((await device.db.syncState.get('readScope'))!.value)).toContain('items.costPriceCents');

    await changeRole(nimal, 'Manager');
    await device.syncClean();
    for (const row of await itemsOn(device)) if (costs.has(row.id)) expect(row.costPriceCents).toBe(costs.get(row.id));
    // The refill is over and the rest of the mirror kept its cursor (no second first sync).
    expect(await device.db.syncState.get('refill')).toBeUndefined();
    expect(await device.db.syncState.get('refillCursor')).toBeUndefined();
    expect(Number((await device.db.syncState.get('cursor'))!.value.split(':')[1])).toBeGreaterThanOrEqual(Number(cursor!.split(':')[1]));
  });

  it('a tablet shared by a Manager and then Staff holds, for each, only what that role reads', async () => {
    const shared = tablet('shared-tablet');
    shared.logIn(manager);
    await shared.syncClean();
    expect((await itemsOn(shared)).every((row) => typeof row.costPriceCents === 'number')).toBe(true);

    shared.logOut();
    shared.logIn(staff);
    await shared.syncClean();
    expect((await itemsOn(shared)).some(hasCost)).toBe(false);

    shared.logOut();
    shared.logIn(manager);
    await shared.syncClean();
    for (const row of await itemsOn(shared)) if (costs.has(row.id)) expect(row.costPriceCents).toBe(costs.get(row.id));
  });
});
