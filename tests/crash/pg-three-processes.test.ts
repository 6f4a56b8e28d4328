// Issue 46, point 3: exactly once under concurrency with THREE real server processes on one PostgreSQL
// database. Each process is the server from source (`node --import tsx server/src/main.ts`) with the same
// DATABASE_URL and a port of its own. Five registers (the harness's devices: Dexie on fake-indexeddb and
// the real sync engine) sell with payments, take payments on the due list, adjust and receive stock, and
// add items and customers; each talks to the process a load balancer routes it to, which changes at
// random (a device's requests, a push and its retry, land on different processes), and now and then one
// push goes elsewhere, so a duplicated push reaches two processes at once. Devices go offline, meet
// dropped requests and answers, 500s and duplicated pushes, and sync in bursts side by side. A random
// process is killed with SIGKILL at random moments, mostly while a push is on its way to it, and started
// again on its port. At the end every process is up, every device syncs until nothing is left, and
// PostgreSQL itself (read with `pg`) must say:
//   - every mutation a device queued is in applied_mutations once, and nothing else is; refusals are
//     exactly the devices' problems;
//   - version_log: versions 1 up to the counter without a gap or a repeat, one per applied mutation that
//     wrote, each with its own nonce; every row's version is one the log gave out;
//   - stock: each item's count is the sum of its movements and what the applied operations make it (its
//     opening, its adjustments, its sales), one movement per operation line;
//   - money: each invoice's total is its register's, its payments are the sale's and the due list's
//     applied ones, once each, and its paid and due follow from them; the shop's totals agree;
//   - every device holds exactly the server's rows at the server's versions, so no pull passed a version
//     that committed after it (a gap would leave the row out for good).
//
// Needs PG_TEST_URL (README, "PostgreSQL tests"): a database of its own is made there and dropped.
// Skipped without it, except under CI. `npm test` runs it short on one seed; TEST_SOAK=1 longer on
// three. Replay with PG_PROCS_SEED=<seed> (PG_PROCS_OPS=<n> operations). The choices come from the seed;
// where a kill lands in a process's work depends on timing, so two runs of one seed are alike, not equal.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { dropDatabase } from '../support/drop-database.mjs';
import {
  Device,
  Random,
  byId,
  customerWithVehicle,
  noFaults,
  saleTotalCents,
  serverMirror,
  sleep,
  type DeviceServer,
  type FaultRates,
  type SaleLineSpec,
  type TestSession,
} from '../sync/harness';
import { freePort, sigkill, startServer, type RunningServer } from '../../scripts/bench/server-process';
import { seedsToRun, sizeToRun, soak } from '../support/soak';
import { closeDb, openDatabase, type Db } from '@server/db/connection';
import type { OutboxEntry } from '@/db/db';
import type { MutationName } from '@shared/mutations/definitions';
import type { Role } from '@shared/domain/permissions';
import { syncedTables } from '@shared/sync/tables';
import { paymentStanding, type TaxSetting } from '@shared/domain/sales';
import { saleMovementId } from '@shared/mutations/sales';
import { duePaymentMethods } from '@shared/schemas/payment';
import { toCents } from '@shared/domain/money';

const url = process.env.PG_TEST_URL;
if (!url) console.warn('pg-three-processes.test.ts: skipped: PG_TEST_URL is not set (e.g. postgres://garage:garage@127.0.0.1:5432/garage_test)');

describe.runIf(!url && process.env.CI)('the PostgreSQL tests under CI', () => {
  it('have a server', () => {
    throw new Error('CI is set but PG_TEST_URL is not: .ci/run starts PostgreSQL and sets it');
  });
});

const projectDir = fileURLToPath(new URL('../..', import.meta.url));
/** The server from source (tsx), so the test needs no build. */
const serverCommand = { command: process.execPath, args: ['--import', 'tsx', 'server/src/main.ts'] };

const seeds = seedsToRun('PG_PROCS_SEED', [46_003], [46_003, 7_919, 123_457]);
const operationCount = sizeToRun('PG_PROCS_OPS', 500, 2500);
const processCount = 3;
const deviceCount = 5;
/** Kills at least, and of them while a push was on its way to the process killed. */
const minKills = soak ? 16 : 5;
const minInFlightKills = soak ? 8 : 3;
const faultRates: FaultRates = { dropRequest: 0.03, dropResponse: 0.05, error500: 0.02, delay: 0.05, duplicatePush: 0.05 };
const taxSettings: TaxSetting[] = [
  { taxRatePercent: 0, pricesIncludeTax: false },
  { taxRatePercent: 8, pricesIncludeTax: true },
  { taxRatePercent: 10, pricesIncludeTax: false },
];

/** One of the three processes: its port stays its own across restarts. */
class ServerSlot {
  server: RunningServer | null = null;
  /** Set from the kill until the restarted process answers. */
  restarting: Promise<void> | null = null;
  /** Pushes sent to this process whose answer has not come (nor failed) yet. */
  inFlightPushes = 0;
  starts = 0;
  /** What the processes before this one wrote (stdout and stderr), for a failure's message. */
  earlierOutput = '';
  constructor(
    readonly index: number,
    readonly port: number,
  ) {}
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** The lines the server wrote about a failure, from every process this slot ran. */
  failures(): string[] {
    return (this.earlierOutput + (this.server?.output() ?? '')).split('\n').filter((line) => /fail|error/i.test(line));
  }
  get up(): boolean {
    return this.server !== null && this.restarting === null;
  }
}

/**
 * A device's way to the servers: a load balancer at one address that sends each request to the process
 * the device is routed to now (`slot`), and now and then a push to another live one.
 */
class Route implements DeviceServer {
  readonly baseUrl = 'http://balancer.garage.test';
  constructor(
    public slot: number,
    readonly admin: TestSession,
    private readonly slots: ServerSlot[],
    private readonly random: Random,
  ) {}

  readonly fetch: typeof fetch = async (input, init) => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const isPush = address.includes('/api/sync/push');
    let slot = this.slots[this.slot]!;
    if (isPush && this.random.chance(0.2)) {
      const others = this.slots.filter((other) => other !== slot && other.up);
      if (others.length) slot = this.random.pick(others);
    }
    if (isPush) slot.inFlightPushes += 1;
    try {
      return await globalThis.fetch(address.replace(this.baseUrl, slot.baseUrl), init);
    } finally {
      if (isPush) slot.inFlightPushes -= 1;
    }
  };
}

/** The day a payment is taken on (the due list's date field as it opens). */
const today = () => new Date().toISOString().slice(0, 10);

interface Queued {
  entry: OutboxEntry;
  device: string;
}

for (const seed of seeds)
  describe.runIf(url)(`three server processes on one PostgreSQL database, killed with SIGKILL (seed ${seed})`, () => {
    const database = `garage_procs_${seed}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const dir = mkdtempSync(join(tmpdir(), 'garage-pg-procs-'));
    const slots: ServerSlot[] = [];
    const devices: Device[] = [];
    let admin: pg.Client | null = null;
    let client: pg.Client | null = null;
    let db: Db | null = null;

    afterAll(async () => {
      for (const slot of slots) await slot.restarting?.catch(() => undefined);
      for (const slot of slots) if (slot.server) await sigkill(slot.server);
      for (const device of devices) device.close();
      await client?.end();
      if (db) await closeDb(db);
      if (admin) {
        await dropDatabase(admin, database);
        await admin.end();
      }
      rmSync(dir, { recursive: true, force: true });
    });

    it(`applies every mutation exactly once over ${operationCount} operations (seed ${seed})`, { timeout: soak ? 1_200_000 : 420_000 }, async () => {
      console.log(`[pg-procs] seed=${seed} operations=${operationCount} processes=${processCount} devices=${deviceCount} (replay with PG_PROCS_SEED=${seed}) db=${database}`);
      const started = performance.now();
      const random = new Random(seed);
      const timing = random.fork();

      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // The C locale: text sorts by its bytes, as in SQLite (tests/support/test-database.ts).
      await admin.query(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'`);
      const own = new URL(url!);
      own.pathname = `/${database}`;
      const databaseUrl = own.toString();

      const stats = { kills: 0, inFlightKills: 0, inFlightPushesKilled: 0, restarts: 0, restartMs: [] as number[], bursts: 0, reroutes: 0, movedAfterKill: 0 };
      const start = async (slot: ServerSlot) => {
        const began = performance.now();
        slot.server = await startServer({
          ...serverCommand,
          cwd: projectDir,
          dbFile: join(dir, `unused-${slot.index}.sqlite`),
          port: slot.port,
          env: { DATABASE_URL: databaseUrl },
        });
        slot.starts += 1;
        if (slot.starts > 1) stats.restartMs.push(performance.now() - began);
      };
      for (let i = 0; i < processCount; i++) slots.push(new ServerSlot(i, await freePort()));
      // All three at once: their migrations take turns under the server's own lock (db/postgres.ts).
      await Promise.all(slots.map(start));

      // The first account (the Admin), made on one process and logged into on another.
      const register = await fetch(`${slots[0]!.baseUrl}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Admin', email: 'admin@garage.test', password: 'secret-password' }),
      });
      expect(register.status).toBe(201);
      const login = await fetch(`${slots[1]!.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@garage.test', password: 'secret-password' }),
      });
      const body = (await login.json()) as { token?: string; user?: { _id: string; name: string; role: Role }; signingKey?: string };
      expect(body.user?.role).toBe('Admin');
      const session: TestSession = {
        token: body.token!,
        author: { id: body.user!._id, name: body.user!.name, role: 'Admin', signingKey: body.signingKey },
        email: 'admin@garage.test',
        password: 'secret-password',
      };

      const routes = new Map<Device, Route>();
      for (let i = 0; i < deviceCount; i++) {
        const route = new Route(i % processCount, session, slots, random.fork());
        const device = new Device(`register-${i + 1}`, route, random.fork(), faultRates);
        routes.set(device, route);
        devices.push(device);
        await device.ensureDeviceCode(); // its invoice code, at its first login, before any fault
      }

      const queued = new Map<string, Queued>();
      const counts: Record<string, number> = {};
      const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
      const offlineUntil = new Map<Device, number>();
      let step = 0;
      let barcodes = 0;

      async function run(d: Device, name: MutationName, args: Record<string, unknown>): Promise<void> {
        const entry = await d.run(name, args);
        queued.set(entry.id, { entry, device: d.name });
        count(name);
      }
      const pickLocal = async (d: Device, table: 'categories' | 'items' | 'customers'): Promise<string | null> => {
        const present = (await d.db.table(table).toCollection().primaryKeys()) as string[];
        return present.length ? random.pick(present.sort()) : null;
      };

      // ---- what the registers do: money and stock ----------------------------------------------

      // The shop's category, on every register before the run (an item names a category the server holds).
      const firstCategory = randomUUID();
      await run(devices[0]!, 'createCategory', { id: firstCategory, name: 'Parts' });
      for (const device of devices) await device.syncClean();

      async function createItem(d: Device): Promise<void> {
        barcodes += 1;
        await run(d, 'createItem', {
          id: randomUUID(),
          itemName: `Part ${barcodes}`,
          barcode: `PG-${seed}-${barcodes}`,
          category: (await pickLocal(d, 'categories')) ?? firstCategory,
          unitPrice: String(random.int(100, 90_000) / 100),
          costPrice: String(random.int(50, 50_000) / 100),
          stockQuantity: String(random.chance(0.2) ? 0 : random.int(1, 5000) / 100),
          reorderLevel: String(random.int(0, 5)),
        });
      }

      async function adjustStock(d: Device): Promise<void> {
        const itemId = await pickLocal(d, 'items');
        if (!itemId) return createItem(d);
        const quantity = (random.chance(0.4) ? -1 : 1) * (random.int(1, 2000) / 100);
        await run(d, 'adjustStock', { id: randomUUID(), itemId, quantity, reason: quantity > 0 ? 'received' : 'adjustment' });
      }

      async function createCustomer(d: Device): Promise<void> {
        await run(d, 'createCustomer', customerWithVehicle({ email: true }));
      }

      /** A sale of 1–3 lines (parts this register holds in stock, or work), paid in full or in part. */
      async function sale(d: Device): Promise<void> {
        const inStock = (await d.db.items.toArray()).filter((item) => !item.deleted && Number(item.stockHundredths) >= 100).sort(byId);
        const lines: SaleLineSpec[] = [];
        const taken = new Set<string>();
        for (let i = random.int(1, 3); i > 0; i--) {
          const free = inStock.filter((item) => !taken.has(item.id));
          if (free.length && random.chance(0.7)) {
            const item = random.pick(free);
            taken.add(item.id);
            const most = Math.min(Number(item.stockHundredths), 500);
            lines.push({
              kind: 'item',
              refId: item.id,
              name: String(item.itemName),
              quantity: random.int(1, most) / 100,
              unitPrice: Number(item.unitPriceCents) / 100,
              discountPercent: random.chance(0.7) ? 0 : random.pick([5, 10]),
            });
          } else lines.push({ kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice: random.int(0, 2_500_000) / 100 });
        }
        const tax = random.pick(taxSettings);
        const totalCents = saleTotalCents(lines, tax);
        const customerId = random.chance(0.6) ? await pickLocal(d, 'customers') : null;
        // A customer with an account may pay part now (or nothing); a guest pays it all.
        const partPaid = customerId !== null && totalCents > 0 && random.chance(0.5);
        const tenderedCents = partPaid ? (random.chance(0.15) ? 0 : random.int(1, totalCents - 1)) : totalCents;
        const entry = await d.sell({ customerId, lines, tax, method: random.pick(['Cash', 'Cash', 'Card', 'Bank Transfer'] as const), tendered: tenderedCents / 100 });
        queued.set(entry.id, { entry, device: d.name });
        count(customerId ? 'customerSale' : 'guestSale');
      }

      /** A payment on an invoice this register holds as due (the due list): all that is due, or part. */
      async function payment(d: Device): Promise<void> {
        const due = ((await d.db.invoices.where('status').equals('Due').primaryKeys()) as string[]).sort();
        if (!due.length) return sale(d);
        const invoice = (await d.db.invoices.get(random.pick(due)))!;
        const dueCents = Number(invoice.dueCents ?? 0);
        if (dueCents <= 0) return;
        const amountCents = random.chance(0.5) ? dueCents : random.int(1, dueCents);
        await run(d, 'recordPayment', { id: randomUUID(), invoiceId: invoice.id, date: today(), method: random.pick(duePaymentMethods), amount: amountCents / 100, note: '' });
      }

      /**
       * Two or three registers take a payment on the same invoice, each part of what it shows due, and
       * sync at once, each through another process: the invoice's paid and due must count them all.
       */
      async function paymentRush(d: Device): Promise<void> {
        const due = ((await d.db.invoices.where('status').equals('Due').primaryKeys()) as string[]).sort();
        if (!due.length) return sale(d);
        const invoiceId = random.pick(due);
        const payers: Device[] = [];
        for (const device of [d, ...devices.filter((other) => other !== d)]) {
          const held = await device.db.invoices.get(invoiceId);
          if (held && Number(held.dueCents ?? 0) >= 3 && !device.net.offline && payers.length < 3) payers.push(device);
        }
        if (payers.length < 2) return payment(d);
        for (const [i, payer] of payers.entries()) {
          const dueCents = Number((await payer.db.invoices.get(invoiceId))!.dueCents);
          await run(payer, 'recordPayment', { id: randomUUID(), invoiceId, date: today(), method: 'Cash', amount: random.int(1, Math.floor(dueCents / 3)) / 100, note: '' });
          routes.get(payer)!.slot = (routes.get(d)!.slot + i) % processCount;
        }
        count('paymentRushes');
        await Promise.all(payers.map(async (payer) => payer.trySync()));
      }

      /** `inRequest`: made while the device's own request is on the wire, so no sync of its own (it would wait for itself). */
      async function localOp(d: Device, inRequest = false): Promise<void> {
        if (random.chance(0.04)) return inRequest ? payment(d) : paymentRush(d);
        const roll = random.next();
        if (roll < 0.12) return createItem(d);
        if (roll < 0.35) return adjustStock(d);
        if (roll < 0.43) return createCustomer(d);
        if (roll < 0.8) return sale(d);
        return payment(d);
      }

      // ---- the processes: killed at random moments, mostly with a push on its way ------------------

      const upSlots = () => slots.filter((slot) => slot.up);
      /** SIGKILLs the process, sends its devices elsewhere now and then, and starts it again in the background. */
      async function kill(slot: ServerSlot): Promise<void> {
        const inFlight = slot.inFlightPushes;
        const server = slot.server!;
        slot.restarting = (async () => {
          await sigkill(server);
          slot.earlierOutput += server.output();
          slot.server = null;
          await sleep(timing.int(0, 400)); // down for a while: its devices' requests fail meanwhile
          await start(slot);
          stats.restarts += 1;
        })().finally(() => (slot.restarting = null));
        stats.kills += 1;
        if (inFlight > 0) {
          stats.inFlightKills += 1;
          stats.inFlightPushesKilled += inFlight;
        }
        for (const route of routes.values()) {
          const elsewhere = upSlots();
          if (route.slot === slot.index && elsewhere.length && random.chance(0.5)) {
            route.slot = random.pick(elsewhere).index;
            stats.movedAfterKill += 1;
          }
        }
        // Wait for the kill itself (not the restart), so that what follows sees the process gone.
        while (server.process.exitCode === null && server.process.signalCode === null) await sleep(1);
      }

      /**
       * A kill during a burst: waits (up to `withinMs`) for a push on its way to a live process, then a
       * few ms more so that it lands inside the push's work, and kills that process; else a random one.
       */
      async function killDuringBurst(withinMs: number): Promise<void> {
        const began = performance.now();
        let target: ServerSlot | undefined;
        while (!target && performance.now() - began < withinMs) {
          target = upSlots().find((slot) => slot.inFlightPushes > 0);
          if (!target) await sleep(1);
        }
        if (target) await sleep(timing.int(0, 25));
        const live = upSlots();
        if (live.length < 2) return; // one process stays up at least
        if (!target || !target.up) target = timing.pick(live);
        await kill(target);
      }

      // ---- the run -------------------------------------------------------------------------------

      const online = (d: Device) => !d.net.offline;
      for (const device of devices) device.net.enabled = true;
      for (; step < operationCount; step++) {
        if (step % 100 === 0) console.log(`[pg-procs] step ${step} at ${((performance.now() - started) / 1000).toFixed(1)}s: kills=${stats.kills} mutations=${queued.size}`);
        const d = random.pick(devices);
        if (d.net.offline && (offlineUntil.get(d) ?? 0) <= step) d.net.offline = false;
        const roll = random.next();
        if (roll < 0.5) {
          await localOp(d);
        } else if (roll < 0.62) {
          if (online(d)) {
            count('syncs');
            await d.trySync();
          }
        } else if (roll < 0.65) {
          if (online(d)) await d.engine.push().catch(() => count('pushFailed'));
        } else if (roll < 0.86) {
          // A burst: several registers sync at once, each through its own route; now and then a process
          // is killed in the middle of it.
          stats.bursts += 1;
          const group = devices.filter((device) => online(device) && random.chance(0.7));
          const killing = random.chance(0.3);
          await Promise.all([...group.map(async (device) => device.trySync()), ...(killing ? [killDuringBurst(timing.int(5, 300))] : [])]);
        } else if (roll < 0.92) {
          const route = routes.get(d)!;
          route.slot = random.int(0, processCount - 1);
          stats.reroutes += 1;
        } else if (roll < 0.95) {
          d.net.offline = true;
          offlineUntil.set(d, step + random.int(5, 60));
          count('offlinePeriods');
        } else if (roll < 0.97) {
          // Meanwhile on the register: a sale made while its next request is on the wire.
          d.net.duringNextRequest(async () => {
            count('writesDuringRequest');
            await localOp(d, true);
          });
          if (online(d)) await d.trySync();
        } else {
          // A kill between requests, or while one is on its way.
          const live = upSlots();
          if (live.length >= 2) await kill(random.pick(live));
        }
      }
      // What the dice did not bring about, made to happen: enough kills with a push in flight.
      for (let tries = 0; tries < 60 && (stats.kills < minKills || stats.inFlightKills < minInFlightKills); tries++) {
        for (const slot of slots) await slot.restarting;
        for (const device of devices) if (random.chance(0.5)) await localOp(device);
        const group = devices.filter((device) => !device.net.offline);
        await Promise.all([...group.map(async (device) => device.trySync()), killDuringBurst(300)]);
        count('closingKillRounds');
      }

      // ---- the end: every process up, every device online, syncing until nothing is left ---------

      for (const slot of slots) await slot.restarting;
      expect(slots.every((slot) => slot.up)).toBe(true);
      for (const device of devices) {
        device.net.enabled = false;
        device.net.offline = false;
      }
      /** syncClean, saying what stays in the outbox when it does not get clean. */
      const syncClean = async (device: Device) => {
        try {
          await device.syncClean();
        } catch (error) {
          const left = (await device.db.outbox.toArray()).map((entry) => `${entry.name} ${entry.id} ${entry.waiting ?? ''}`);
          const failures = slots.flatMap((slot) => slot.failures().map((line) => `process ${slot.index}: ${line}`));
          throw new Error(`${String(error)}; its outbox: ${JSON.stringify(left.slice(0, 10))} (${left.length}); the servers said:\n${failures.slice(-30).join('\n')}`, {
            cause: error,
          });
        }
      };
      let finalRounds = 0;
      for (; finalRounds < 8; finalRounds++) {
        for (const device of devices) {
          routes.get(device)!.slot = random.int(0, processCount - 1);
          await syncClean(device);
        }
        if ((await Promise.all(devices.map(async (device) => device.outboxSize()))).every((size) => size === 0)) break;
      }
      // A last pull for everyone, each from another process, so the first ones see what the last ones pushed.
      for (const device of devices) {
        routes.get(device)!.slot = random.int(0, processCount - 1);
        await syncClean(device);
      }
      const duration = performance.now() - started;

      // ---- invariants, read from PostgreSQL itself --------------------------------------------------

      client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const rows = async <T>(text: string): Promise<T[]> => (await client!.query(text)).rows as T[];
      const num = (value: unknown) => Number(value);

      for (const device of devices) expect(await device.outboxSize(), `${device.name} outbox`).toBe(0);

      // Exactly once: every queued mutation is on record, once; nothing is that no device queued.
      const log = await rows<{ id: string; name: string; status: string; httpStatus: number; message: string | null; version: string | null }>(
        `SELECT id, name, status, "httpStatus", message, version FROM applied_mutations`,
      );
      const logged = new Map(log.map((row) => [row.id, row]));
      expect(logged.size, 'applied_mutations names each mutation once').toBe(log.length);
      const lost = [...queued.keys()].filter((id) => !logged.has(id));
      expect(lost, 'no queued mutation lost').toEqual([]);
      const strangers = log.filter((row) => !queued.has(row.id));
      expect(strangers, 'nothing applied that no device queued').toEqual([]);
      const problems = new Map<string, string>();
      for (const device of devices) for (const problem of await device.db.problems.toArray()) problems.set(problem.mutation.id, `${problem.httpStatus} ${problem.message}`);
      const rejected = log.filter((row) => row.status !== 'applied');
      expect(rejected.map((row) => row.id).sort(), 'the refusals are the devices’ problems').toEqual([...problems.keys()].sort());
      // Nothing here should be refused: unique barcodes, parts sold from stock held, payments of what is due.
      expect(
        rejected.map((row) => `${row.name} ${row.httpStatus} ${row.message}`),
        'refused mutations',
      ).toEqual([]);
      const applied = log.filter((row) => row.status === 'applied');

      // The version log: 1 up to the counter, no gap, no repeat; one version for each applied mutation
      // that wrote, and it is the one the mutation's record names; a nonce of its own for each.
      const versionLog = await rows<{ version: string; nonce: string; mutationId: string }>(`SELECT version, nonce, "mutationId" FROM version_log ORDER BY version`);
      const counter = num((await rows<{ value: string }>(`SELECT value FROM counters WHERE name = 'version'`))[0]?.value);
      expect(
        versionLog.map((row) => num(row.version)),
        'versions 1..counter',
      ).toEqual(Array.from({ length: counter }, (_, i) => i + 1));
      expect(new Set(versionLog.map((row) => row.nonce)).size, 'a nonce per version').toBe(versionLog.length);
      expect(versionLog.filter((row) => !row.nonce)).toEqual([]);
      const versionOf = new Map<string, number>();
      const twice: string[] = [];
      for (const row of versionLog) {
        if (versionOf.has(row.mutationId)) twice.push(row.mutationId);
        versionOf.set(row.mutationId, num(row.version));
      }
      expect(twice, 'one version per mutation').toEqual([]);
      expect(
        applied.filter((row) => row.version !== null && versionOf.get(row.id) !== num(row.version)).map((row) => [row.id, row.version, versionOf.get(row.id)]),
        'each applied mutation took exactly the version its record names',
      ).toEqual([]);
      expect(
        versionLog.filter((row) => logged.get(row.mutationId)?.status !== 'applied').map((row) => row.version),
        'every version belongs to an applied mutation',
      ).toEqual([]);
      for (const table of ['items', 'stock_movements', 'invoices', 'invoice_lines', 'payments', 'customers', 'categories']) {
        const unlogged = await rows<{ id: string }>(`SELECT t.id FROM ${table} t LEFT JOIN version_log v ON v.version = t.version WHERE v.version IS NULL`);
        expect(unlogged, `${table} rows at versions the log never gave out`).toEqual([]);
      }

      // Stock: what the applied operations make of each item, and its movements, one per operation line.
      const argsOf = (id: string) => queued.get(id)!.entry.args as Record<string, any>;
      const expectedStock = new Map<string, number>();
      const expectedMovements = new Map<string, { mutationId: string; itemId: string; hundredths: number }[]>();
      const expectMovement = (mutationId: string, itemId: string, hundredths: number) => {
        expectedStock.set(itemId, (expectedStock.get(itemId) ?? 0) + hundredths);
        expectedMovements.set(mutationId, [...(expectedMovements.get(mutationId) ?? []), { mutationId, itemId, hundredths }]);
      };
      // Money: each sale's total and payment as its register made them, and the due list's payments.
      const expectedInvoices = new Map<string, { totalCents: number; payments: Map<string, number> }>();
      const expectedPayments = new Map<string, number>();
      for (const row of applied) {
        const args = argsOf(row.id);
        if (row.name === 'createItem') {
          const opening = toCents(Number(args.stockQuantity));
          expectedStock.set(args.id, expectedStock.get(args.id) ?? 0);
          if (opening !== 0) expectMovement(row.id, args.id, opening);
        } else if (row.name === 'adjustStock') {
          expectMovement(row.id, args.itemId, toCents(Number(args.quantity)));
        } else if (row.name === 'checkoutSale') {
          for (const line of args.lines as SaleLineSpec[]) if (line.kind === 'item') expectMovement(row.id, line.refId!, -toCents(line.quantity));
          const totalCents = saleTotalCents(args.lines as SaleLineSpec[], { taxRatePercent: args.taxRatePercent, pricesIncludeTax: args.pricesIncludeTax });
          const paidCents = Math.min(toCents(Number(args.payment.tendered)), totalCents);
          const invoicePayments = new Map<string, number>();
          if (paidCents > 0) {
            invoicePayments.set(args.payment.id, paidCents);
            expectedPayments.set(args.payment.id, paidCents);
          }
          expectedInvoices.set(args.id, { totalCents, payments: invoicePayments });
        }
      }
      for (const row of applied) {
        if (row.name !== 'recordPayment') continue;
        const args = argsOf(row.id);
        const invoice = expectedInvoices.get(args.invoiceId);
        expect(invoice, `payment ${row.id} of a sale the server applied`).toBeDefined();
        invoice!.payments.set(args.id, toCents(Number(args.amount)));
        expectedPayments.set(args.id, toCents(Number(args.amount)));
      }

      const items = await rows<{ id: string; stockHundredths: string }>(`SELECT id, "stockHundredths" FROM items`);
      expect(items.length, 'one item per applied createItem').toBe(applied.filter((row) => row.name === 'createItem').length);
      expect(
        items.filter((item) => num(item.stockHundredths) !== expectedStock.get(item.id)).map((item) => [item.id, num(item.stockHundredths), expectedStock.get(item.id)]),
        'every item’s stock is what the applied operations make it',
      ).toEqual([]);
      const ledger = await rows<{ itemId: string; moved: string }>(`SELECT "itemId", SUM("quantityHundredths") AS moved FROM stock_movements GROUP BY "itemId"`);
      expect(
        ledger.filter((row) => num(row.moved) !== (expectedStock.get(row.itemId) ?? NaN)).map((row) => [row.itemId, num(row.moved)]),
        'every item’s movements sum to its stock',
      ).toEqual([]);
      const movements = await rows<{ id: string; mutationId: string; itemId: string; quantityHundredths: string; reason: string }>(
        `SELECT id, "mutationId", "itemId", "quantityHundredths", reason FROM stock_movements`,
      );
      const movementsOf = new Map<string, { mutationId: string; itemId: string; hundredths: number }[]>();
      for (const m of movements)
        movementsOf.set(m.mutationId, [...(movementsOf.get(m.mutationId) ?? []), { mutationId: m.mutationId, itemId: m.itemId, hundredths: num(m.quantityHundredths) }]);
      const sortMoves = (list: { itemId: string; hundredths: number }[] = []) =>
        [...list].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : a.hundredths - b.hundredths));
      const wrongMoves = [...new Set([...movementsOf.keys(), ...expectedMovements.keys()])].filter(
        (id) => JSON.stringify(sortMoves(movementsOf.get(id))) !== JSON.stringify(sortMoves(expectedMovements.get(id))),
      );
      expect(
        wrongMoves.map((id) => [id, logged.get(id)?.name, movementsOf.get(id), expectedMovements.get(id)]),
        'each operation wrote exactly its movements, once',
      ).toEqual([]);
      for (const row of applied.filter((r) => r.name === 'checkoutSale'))
        for (const line of argsOf(row.id).lines as SaleLineSpec[]) if (line.kind === 'item') expect(movements.some((m) => m.id === saleMovementId(line.id!))).toBe(true);

      const invoices = await rows<{ id: string; totalCents: string; paidCents: string; dueCents: string; status: string }>(
        `SELECT id, "totalCents", "paidCents", "dueCents", status FROM invoices`,
      );
      const payments = await rows<{ id: string; invoiceId: string; amountCents: string }>(`SELECT id, "invoiceId", "amountCents" FROM payments`);
      expect(invoices.map((row) => row.id).sort(), 'one invoice per applied sale').toEqual([...expectedInvoices.keys()].sort());
      expect(payments.map((row) => row.id).sort(), 'one payment row per payment applied').toEqual([...expectedPayments.keys()].sort());
      const wrongInvoices: unknown[] = [];
      for (const invoice of invoices) {
        const expected = expectedInvoices.get(invoice.id)!;
        const amounts = payments.filter((p) => p.invoiceId === invoice.id).map((p) => num(p.amountCents));
        const standing = paymentStanding(expected.totalCents, [...expected.payments.values()]);
        const held = { total: num(invoice.totalCents), paid: num(invoice.paidCents), due: num(invoice.dueCents), status: invoice.status, payments: amounts.sort((a, b) => a - b) };
        const made = {
          total: expected.totalCents,
          paid: standing.paidCents,
          due: standing.dueCents,
          status: standing.status,
          payments: [...expected.payments.values()].sort((a, b) => a - b),
        };
        if (JSON.stringify(held) !== JSON.stringify(made)) wrongInvoices.push({ id: invoice.id, held, made });
      }
      expect(wrongInvoices, 'every invoice’s total, payments, paid and due are its operations’').toEqual([]);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const takings = sum(payments.map((p) => num(p.amountCents)));
      expect(takings, 'the shop’s takings are what the registers took').toBe(sum([...expectedPayments.values()]));
      const sales = sum(invoices.map((row) => num(row.totalCents)));
      expect(sales, 'the shop’s sales are what the registers sold').toBe(sum([...expectedInvoices.values()].map((invoice) => invoice.totalCents)));

      // Every device holds exactly the server's rows, at the server's versions: no pull skipped a version.
      db = await openDatabase({ DB_FILE: join(dir, 'unused.sqlite'), DATABASE_URL: databaseUrl });
      const mirror = await serverMirror(db);
      for (const device of devices) {
        const held = await device.mirror();
        for (const table of syncedTables) {
          const have = new Set(held[table].map((row) => `${row.id}@${String(row.version)}`));
          const missing = mirror[table].filter((row) => !have.has(`${row.id}@${String(row.version)}`)).map((row) => `${row.id}@${String(row.version)}`);
          expect(missing, `${device.name} lacks ${table} rows the server holds (a pull passed them)`).toEqual([]);
          expect(held[table], `${device.name} ${table} equal the server's`).toEqual(mirror[table]);
        }
      }

      const faults = noFaults();
      for (const device of devices) for (const [kind, n] of Object.entries(device.net.counts)) faults[kind as keyof typeof faults] += n;
      const byName: Record<string, number> = {};
      for (const row of applied) byName[row.name] = (byName[row.name] ?? 0) + 1;
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      console.log(
        `[pg-procs] seed=${seed} duration=${(duration / 1000).toFixed(1)}s operations=${operationCount} mutations=${queued.size} applied=${JSON.stringify(byName)} ` +
          `versions=${counter} kills=${stats.kills} inFlightKills=${stats.inFlightKills} (pushes cut: ${stats.inFlightPushesKilled}) restarts=${stats.restarts} ` +
          `restartMs≈${median(stats.restartMs).toFixed(0)} bursts=${stats.bursts} reroutes=${stats.reroutes} movedAfterKill=${stats.movedAfterKill} finalRounds=${finalRounds + 1}`,
      );
      console.log(
        `[pg-procs] items=${items.length} movements=${movements.length} invoices=${invoices.length} payments=${payments.length} takings=${takings} ` +
          `operations: ${JSON.stringify(counts)} faults: ${JSON.stringify(faults)}`,
      );

      // Enough happened for the run to mean something.
      expect(stats.kills).toBeGreaterThanOrEqual(minKills);
      expect(stats.inFlightKills).toBeGreaterThanOrEqual(minInFlightKills);
      expect(byName.checkoutSale ?? 0).toBeGreaterThan(operationCount / 40);
      expect(byName.recordPayment ?? 0).toBeGreaterThan(0);
      expect(byName.adjustStock ?? 0).toBeGreaterThan(operationCount / 40);
      expect(faults.dropResponse + faults.duplicatePush).toBeGreaterThan(0);
    });
  });
