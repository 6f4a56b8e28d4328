// The hostile run's days: the shop opened (users, registers, catalogue, customers, sales made 60 days
// ago), then seeded random steps at three registers (two honest, one whose Staff member forges what it
// sends), then every attack made to happen at least once, then everyone synced clean.
import { Device, Random, TestServer, type FaultRates, type TestSession } from '../harness';
import { drawerOp, honestOp, newCustomer, sale } from './honest-cashier';
import { backdatedReturn, creditMinted, creditSpend, forgedRefund, replay, serverSeries } from './forged-money';
import { backdatedClose, backdatedExpense, backdatedOpening, backdatedPayOut, closeWithoutReason, hugePayOut, impersonatedPayOut } from './forged-drawer';
import { editedImport } from './edited-import';
import { CashLedger } from './cash-ledger';
import { Forger } from './forger';
import { count, day, runOn, saleOf, seededIds, type Shop } from './shop';

/** Light faults on every register's network: answers lost after the server committed, 500s, pushes sent twice. */
const faultRates: FaultRates = { dropResponse: 0.03, error500: 0.02, delay: 0.05, duplicatePush: 0.03 };

/** The attacks, each with its weight (an edited import syncs the register first: rarer). */
export const attacks: [name: string, weight: number, attack: (shop: Shop) => Promise<void>][] = [
  ['refund stated by cash', 3, async (shop) => forgedRefund(shop, 'Cash')],
  ['refund stated as customer credit', 3, async (shop) => forgedRefund(shop, 'Customer Credit')],
  ['credit spent at the register', 2, async (shop) => creditSpend(shop, 'sale')],
  ['credit spent on the due list', 2, async (shop) => creditSpend(shop, 'payment')],
  ['credit made by a correction', 1, creditMinted],
  ['return with the clock set back', 2, backdatedReturn],
  ['opening with the clock set back', 1, backdatedOpening],
  ['pay-out with the clock set back', 1, backdatedPayOut],
  ['close with the clock set back', 1, backdatedClose],
  ['expense dated 1970', 2, backdatedExpense],
  ['replay', 3, replay],
  ["the server's own numbers", 1, serverSeries],
  ['huge pay-out', 1, hugePayOut],
  ['close without a reason', 1, closeWithoutReason],
  ['edited import file', 0.5, editedImport],
  ['pay-out pushed as another register', 1, impersonatedPayOut],
];

/** Runs an attack; counts it as made when it sent or queued anything. */
async function attack(shop: Shop, [name, , run]: (typeof attacks)[number]): Promise<void> {
  const before = Object.values(shop.counts).reduce((a, b) => a + b, 0);
  await run(shop);
  if (Object.values(shop.counts).reduce((a, b) => a + b, 0) > before) count(shop, `attack: ${name}`);
}

function pickAttack(random: Random): (typeof attacks)[number] {
  let roll = random.next() * attacks.reduce((sum, [, weight]) => sum + weight, 0);
  for (const entry of attacks) if ((roll -= entry[1]) < 0) return entry;
  return attacks[0]!;
}

export async function openShop(seed: number): Promise<Shop> {
  const random = new Random(seed);
  const server = await TestServer.start();
  const users = {
    admin: server.admin,
    manager: await server.addUser('Nimal', 'Manager'),
    staff: await server.addUser('Kamal', 'Staff'),
    hostile: await server.addUser('Mallika', 'Staff'),
  };
  const device = (name: string, session: TestSession) => {
    const d = new Device(name, server, random.fork(), faultRates);
    d.logIn(session);
    return d;
  };
  const [counter, tablet, hostile] = [device('counter', users.staff), device('tablet', users.manager), device('workshop', users.hostile)];
  const codes = new Map<string, string>();
  for (const d of [counter, tablet, hostile]) codes.set(d.name, await d.ensureDeviceCode());
  const id = seededIds(random.fork());
  const shop: Shop = {
    server,
    random,
    id,
    users,
    counter,
    tablet,
    hostile,
    forger: await Forger.at(server, hostile, users.hostile, id),
    codes,
    ledger: new CashLedger(),
    anomalies: [],
    queued: new Map(),
    honestCustomers: [],
    hostileCustomers: [],
    oldSales: [],
    items: [],
    backdated: [],
    hugePayOutSessions: new Set(),
    closing: new Set(),
    counts: {},
    unexpected: [],
  };
  await stockTheShop(shop);
  for (const d of [counter, tablet, hostile]) d.net.enabled = true;
  return shop;
}

/** A catalogue, customers of each register, and four sales made 60 days ago of a part with a month's warranty. */
async function stockTheShop(shop: Shop): Promise<void> {
  const { tablet, counter, hostile } = shop;
  const category = shop.id();
  await runOn(shop, tablet, 'createCategory', { id: category, name: 'Parts' });
  for (const name of ['Oil filter', 'Brake pad', 'Spark plug', 'Wiper blade']) {
    const id = shop.id();
    const args = {
      id,
      itemName: name,
      barcode: `B-${name}`,
      category,
      unitPrice: String(shop.random.int(500, 20_000)),
      costPrice: '100',
      stockQuantity: '100000',
      reorderLevel: '1',
    };
    if (await runOn(shop, tablet, 'createItem', args)) shop.items.push(id);
  }
  for (let i = 0; i < 3; i += 1) await newCustomer(shop, counter);
  for (let i = 0; i < 2; i += 1) await newCustomer(shop, hostile, shop.hostileCustomers);
  for (const d of [tablet, counter, hostile, tablet]) await d.syncClean();
  const soldAt = new Date(Date.now() - 60 * day).toISOString();
  for (const customerId of [...shop.honestCustomers.slice(0, 2), ...shop.hostileCustomers]) {
    const itemId = shop.random.pick(shop.items);
    const item = (await tablet.db.items.get(itemId))!;
    const part = { kind: 'item' as const, refId: itemId, name: String(item.itemName), quantity: 2, unitPrice: Number(item.unitPriceCents) / 100, warrantyMonths: 1 };
    const args = saleOf(shop, await tablet.nextInvoiceNo(), {
      customerId,
      date: soldAt,
      lines: [part, { kind: 'service', refId: null, name: 'Fitting', quantity: 1, unitPrice: 1500 }],
    });
    if (await runOn(shop, tablet, 'checkoutSale', args)) {
      const lines = args.lines as { id: string }[];
      shop.oldSales.push({ invoiceId: String(args.id), date: soldAt, partLineId: lines[0]!.id, itemId, customerId });
    }
  }
  for (const d of [tablet, counter, hostile]) await d.syncClean();
}

/** One honest register's step: work, a sync, another user logging in, or a spell offline. */
async function honestStep(shop: Shop, d: Device, offlineUntil: Map<Device, number>, step: number): Promise<void> {
  const roll = shop.random.next();
  if (roll < 0.55) return honestOp(shop, d);
  if (roll < 0.88) return void (d.net.offline ? undefined : await d.trySync());
  if (roll < 0.94) {
    // The counter's and the tablet's users take turns; what one queued waits for their next login there.
    const next = d.session?.author.id === shop.users.staff.author.id ? shop.users.manager : shop.users.staff;
    d.logIn(next);
    return count(shop, 'userSwitches');
  }
  d.net.offline = true;
  offlineUntil.set(d, step + shop.random.int(3, 30));
  count(shop, 'offlineSpells');
}

/** The hostile register's step: an attack, an honest-looking sale or drawer move, or a sync. */
async function hostileStep(shop: Shop): Promise<void> {
  const roll = shop.random.next();
  if (roll < 0.5) return attack(shop, pickAttack(shop.random));
  if (roll < 0.6) return newCustomer(shop, shop.hostile, shop.hostileCustomers);
  if (roll < 0.72) return sale(shop, shop.hostile, shop.hostileCustomers, false);
  if (roll < 0.78) return drawerOp(shop, shop.hostile);
  await shop.hostile.trySync();
}

export async function runSteps(shop: Shop, steps: number): Promise<void> {
  const offlineUntil = new Map<Device, number>();
  for (let step = 0; step < steps; step += 1) {
    const roll = shop.random.next();
    const d = roll < 0.4 ? shop.hostile : roll < 0.7 ? shop.counter : shop.tablet;
    if (d.net.offline && (offlineUntil.get(d) ?? 0) <= step) d.net.offline = false;
    if (d === shop.hostile) await hostileStep(shop);
    else await honestStep(shop, d, offlineUntil, step);
  }
  // Every attack at least once, whatever the dice brought: the registers online and in sync first.
  for (const entry of attacks) {
    for (let tries = 0; tries < 5 && !shop.counts[`attack: ${entry[0]}`]; tries += 1) {
      await settle(shop);
      await attack(shop, entry);
    }
  }
}

/** Every author logs in where they left changes and sends them, until every outbox is empty; then each register syncs clean. */
export async function settle(shop: Shop): Promise<void> {
  const devices = [shop.counter, shop.tablet, shop.hostile];
  const authors = [shop.users.staff, shop.users.manager, shop.users.hostile];
  for (const d of devices) {
    d.net.offline = false;
    d.net.enabled = false;
  }
  for (let round = 0; round < 5; round += 1) {
    for (const d of devices) {
      const user = d.session;
      for (const author of authors) {
        if ((await d.db.outbox.where('authorId').equals(author.author.id).count()) === 0) continue;
        d.logIn(author);
        for (let i = 0; i < 4 && (await d.trySync()) !== null; i += 1);
      }
      if (user) d.logIn(user);
    }
    if ((await Promise.all(devices.map(async (d) => d.outboxSize()))).every((size) => size === 0)) break;
  }
  for (const d of devices) {
    await d.syncClean();
    d.net.enabled = true;
  }
}

/** The end of the run: every register's changes sent, then the Admin logged in everywhere (every row readable), synced clean. */
export async function closeTheDay(shop: Shop): Promise<void> {
  await settle(shop);
  for (const d of [shop.counter, shop.tablet, shop.hostile]) {
    d.net.enabled = false;
    d.logIn(shop.users.admin);
    await d.syncClean();
  }
}
