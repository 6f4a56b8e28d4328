// Test harness for the sync design (docs/sync-rules.md, "How the rules are proved"):
// the real Hono server on a loopback port over a temporary SQLite file, devices that each have
// their own fake-indexeddb factory and Dexie, and a seeded faulty fetch between them.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import type { Db } from '@server/db/connection';
import { closeTestDb, openTestDb, pgDump, pgRestore, testEngine } from '../support/test-database';
import { insertionOrder } from '@server/db/engine';
import { asc, count, eq } from 'drizzle-orm';
import { createApp } from '@server/app';
import { LoginThrottle } from '@server/auth/login-throttle';
import { ChangeNotifier } from '@server/sync/change-notifier';
import { backupDatabase } from '@server/db/backup';
import { restoreDatabase } from '@server/db/restore';
import { appliedMutations, categories, syncedTableObjects } from '@server/db/schema';
import { syncedTables, type SyncedRow, type SyncedTable } from '@shared/sync/tables';
import { createGarageDb, withoutDeviceFields, type GarageDb } from '@/db/db';
import { SyncEngine } from '@/sync/sync-engine';
import { runLocalMutation, runLocalUpdate, type Author } from '@/sync/local-mutation';
import type { OutboxEntry } from '@/db/db';
import type { MutationName } from '@shared/mutations/definitions';
import type { Role } from '@shared/domain/permissions';
import { projectRow } from '@shared/sync/read-scope';
import { ensureDeviceCode, nextInvoiceNo } from '@/sync/invoice-numbers';
import { fromCents, toCents } from '@shared/domain/money';
import { fromHundredths, toHundredths } from '@shared/domain/quantity';
import { invoiceTotals, type TaxSetting } from '@shared/domain/sales';
import type { RegisterPaymentMethod } from '@shared/schemas/sale';
import type { SyncBuild } from '@shared/sync/protocol';
import { setDeviceClock } from '@/sync/device-clock';

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Convenience helpers over a PRNG. */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(minInclusive: number, maxInclusive: number): number {
    return minInclusive + Math.floor(this.next() * (maxInclusive - minInclusive + 1));
  }
  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new Error('pick from empty list');
    return values[Math.floor(this.next() * values.length)]!;
  }
  /** A child generator, so one consumer's draws do not shift another's. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 2 ** 32));
  }
}

/** The run's seed: SYNC_SEED from the environment, else the given default. */
export function seedFromEnv(defaultSeed: number): number {
  const raw = process.env.SYNC_SEED;
  if (raw === undefined || raw === '') return defaultSeed;
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`SYNC_SEED must be an integer, got ${raw}`);
  return seed >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Faulty fetch
// ---------------------------------------------------------------------------------------------

export type RequestKind = 'any' | 'push' | 'pull';

export type FaultKind = 'none' | 'dropRequest' | 'dropResponse' | 'error500' | 'error429' | 'error413' | 'delay' | 'duplicatePush';
export const faultKinds: readonly FaultKind[] = ['none', 'dropRequest', 'dropResponse', 'error500', 'error429', 'error413', 'delay', 'duplicatePush'];

/** A fault count per kind, all zero. */
export const noFaults = (): Record<FaultKind, number> => Object.fromEntries(faultKinds.map((kind) => [kind, 0])) as Record<FaultKind, number>;

/** Probability of each fault per request (the rest is 'none'). */
export type FaultRates = Partial<Record<Exclude<FaultKind, 'none'>, number>>;

export interface InterceptContext {
  url: string;
  init: RequestInit | undefined;
  isPush: boolean;
  /** The network behind the wrapper (the real global fetch). */
  forward: (init?: RequestInit) => Promise<Response>;
}

/**
 * A fetch in front of the real one. Faults come from a seeded PRNG (when `enabled`), from a
 * queue of forced faults (`force`), or from a one-shot `intercept` hook a test installs to do
 * something precise while a request is in flight (close a Dexie, kill the server...).
 */
export class FaultyFetch {
  enabled = false;
  /** Everything fails before leaving the device (a device with no network). */
  offline = false;
  rates: FaultRates;
  maxDelayMs = 15;
  readonly counts: Record<FaultKind, number> = noFaults();
  requests = 0;
  pushes = 0;
  /** How long each push the server answered took, from leaving the device to its answer's headers. */
  readonly pushTimes: PushTime[] = [];
  private readonly forced: FaultKind[] = [];
  private readonly intercepts: ((ctx: InterceptContext) => Promise<Response>)[] = [];
  /** Runs (awaited) before a request is forwarded: a deterministic "meanwhile, on the device". */
  private readonly beforeForward: { action: () => Promise<void>; on: RequestKind }[] = [];

  constructor(
    private readonly random: Random,
    rates: FaultRates = {},
    private readonly realFetch: typeof fetch = globalThis.fetch.bind(globalThis),
  ) {
    this.rates = rates;
  }

  /** The next requests get these faults, in order, whatever `enabled` says. */
  force(...kinds: FaultKind[]): void {
    this.forced.push(...kinds);
  }

  /** The next request is handed to `hook` instead of the fault logic. */
  interceptNext(hook: (ctx: InterceptContext) => Promise<Response>): void {
    this.intercepts.push(hook);
  }

  /** `action` runs while the next request (of that kind) is in flight, before it reaches the server. */
  duringNextRequest(action: () => Promise<void>, on: RequestKind = 'any'): void {
    this.beforeForward.push({ action, on });
  }

  /** Forgets interceptions that no request has taken (the device never sent one). */
  clearIntercepts(): void {
    this.intercepts.length = 0;
  }

  /** Actions still waiting for their request. */
  get waitingActions(): number {
    return this.beforeForward.length;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const isPush = url.includes('/api/sync/push');
    this.requests += 1;
    if (isPush) this.pushes += 1;
    if (this.offline) throw new TypeError('fetch failed (device offline)');
    const index = this.beforeForward.findIndex(({ on }) => on === 'any' || (on === 'push') === isPush);
    if (index >= 0) await this.beforeForward.splice(index, 1)[0]!.action();
    const forward = async (override?: RequestInit) => (isPush ? timed(this.pushTimes, () => this.realFetch(url, override ?? init)) : this.realFetch(url, override ?? init));
    const hook = this.intercepts.shift();
    if (hook) return hook({ url, init, isPush, forward });

    const kind = this.chooseFault(isPush);
    this.counts[kind] += 1;
    switch (kind) {
      case 'dropRequest':
        throw new TypeError('fetch failed (request dropped)');
      case 'dropResponse': {
        // The server gets and commits the request; the answer never reaches the device.
        const response = await forward();
        await response.arrayBuffer();
        throw new TypeError('fetch failed (response dropped)');
      }
      case 'error500':
      case 'error429':
      case 'error413': {
        // A proxy or the server refusing the whole request before anything is applied.
        const status = Number(kind.slice(5));
        return new Response(JSON.stringify({ success: false, message: `injected ${status}` }), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      case 'delay':
        await sleep(1 + Math.floor(this.random.next() * this.maxDelayMs));
        return forward();
      case 'duplicatePush': {
        // The same push twice, sometimes one after the other, sometimes both in flight at once;
        // the device sees the second answer.
        if (this.random.chance(0.5)) {
          const first = await forward();
          await first.arrayBuffer();
          return forward();
        }
        const [first, second] = await Promise.all([forward(), forward()]);
        await first.arrayBuffer();
        return second;
      }
      default:
        return forward();
    }
  };

  private chooseFault(isPush: boolean): FaultKind {
    const forced = this.forced.shift();
    if (forced) return (forced === 'duplicatePush' || forced === 'error413') && !isPush ? 'none' : forced;
    if (!this.enabled) return 'none';
    let roll = this.random.next();
    for (const kind of faultKinds) {
      if (kind === 'none') continue;
      const rate = this.rates[kind] ?? 0;
      if (roll < rate) return (kind === 'duplicatePush' || kind === 'error413') && !isPush ? 'none' : kind;
      roll -= rate;
    }
    return 'none';
  }
}

/**
 * How long a request took: on the clock, and in this process's CPU. The test server runs in the same
 * process, so the CPU time is the work the request cost, whatever else the machine was running; the
 * wall time also holds the waits for a core on a busy machine.
 */
export interface PushTime {
  wallMs: number;
  cpuMs: number;
}

/** Runs `send`, noting how long it took in `into`. */
export async function timed<T>(into: PushTime[], send: () => Promise<T>): Promise<T> {
  const [startedAt, cpu] = [performance.now(), process.cpuUsage()];
  try {
    return await send();
  } finally {
    const used = process.cpuUsage(cpu);
    into.push({ wallMs: performance.now() - startedAt, cpuMs: (used.user + used.system) / 1000 });
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 10 ms until it holds; the ms it took. Throws, naming `what`, after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
  return Date.now() - started;
}

// ---------------------------------------------------------------------------------------------
// The real server
// ---------------------------------------------------------------------------------------------

export interface CategoryState {
  id: string;
  name: string;
  description: string;
}

export interface AppliedMutationRow {
  id: string;
  name: string;
  status: 'applied' | 'rejected';
  httpStatus: number;
  /** When it happened, as the server recorded it (a device's corrected time, or the arrival). */
  happenedAt: string | null;
}

/** A user logged in through the real API: what a device's session holds. */
export interface TestSession {
  token: string;
  author: Author;
  email: string;
  password: string;
}

export class TestServer {
  db!: Db;
  port = 0;
  token = '';
  admin!: TestSession;
  running = false;
  restarts = 0;
  /** The oldest sync protocol the server serves (its default when undefined); a restart applies a change. */
  minimumSyncProtocol: number | undefined;
  /** Survives restarts, like the devices' poke streams would reconnect to the same address. */
  readonly changes = new ChangeNotifier();
  private server: Server | null = null;

  private constructor(
    readonly dir: string,
    readonly file: string,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A fresh temporary database, the real app on a loopback port, an Admin and its token. */
  static async start(options: { minimumSyncProtocol?: number } = {}): Promise<TestServer> {
    const dir = mkdtempSync(join(tmpdir(), 'garage-sync-'));
    const server = new TestServer(dir, join(dir, 'garage.sqlite'));
    server.minimumSyncProtocol = options.minimumSyncProtocol;
    await server.listen();
    const email = 'admin@garage.test';
    const password = 'secret-password';
    const registered = await fetch(`${server.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Admin', email, password }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
    const login = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await login.json()) as { token?: string; user?: { _id: string; name: string; role: Role }; signingKey?: string };
    if (!body.token || body.user?.role !== 'Admin') throw new Error(`login failed: ${JSON.stringify(body)}`);
    server.token = body.token;
    server.admin = { token: body.token, author: { id: body.user._id, name: body.user.name, role: 'Admin', signingKey: body.signingKey }, email, password };
    return server;
  }

  /** A new active account of the role, made by the Admin through User Management, and logged in. */
  async addUser(name: string, role: Role): Promise<TestSession> {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@garage.test`;
    const password = 'secret-password';
    const saved = await this.api(`/api/user/save-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: this.token },
      body: JSON.stringify({ name, email, password, role, status: true, phoneNo: '0771234567' }),
    });
    if (saved.status !== 201) throw new Error(`save-user failed: ${saved.status} ${await saved.text()}`);
    return this.login(email, password);
  }

  /**
   * The test's own call to the API (not a device's). After a restart, a pooled keep-alive socket of
   * the old process can fail the first request on it; these calls are idempotent, so one retry.
   */
  async api(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, init);
    } catch {
      await sleep(50);
      return fetch(`${this.baseUrl}${path}`, init);
    }
  }

  /** A new session (token) for an existing account. */
  async login(email: string, password: string): Promise<TestSession> {
    const response = await this.api(`/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { token?: string; user?: { _id: string; name: string; role: Role }; signingKey?: string };
    if (!body.token || !body.user) throw new Error(`login failed: ${JSON.stringify(body)}`);
    // The key the app keeps with the session and signs this user's changes with (client/src/sync/sign-entry.ts).
    return { token: body.token, author: { id: body.user._id, name: body.user.name, role: body.user.role, signingKey: body.signingKey }, email, password };
  }

  private async listen(): Promise<void> {
    this.db = await openTestDb(this.file);
    const app = createApp({
      db: this.db,
      config: { TOKEN_TTL_HOURS: 1 },
      throttle: new LoginThrottle(),
      changes: this.changes,
      ...(this.minimumSyncProtocol === undefined ? {} : { minimumSyncProtocol: this.minimumSyncProtocol }),
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: this.port }, () => resolve(s as Server)) as Server;
      s.once('error', reject);
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    this.running = true;
  }

  /** The process dies: the socket closes, open connections are cut, the SQLite handle closes. */
  async kill(): Promise<void> {
    if (!this.running || !this.server) return;
    const server = this.server;
    this.server = null;
    this.running = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await closeTestDb(this.db, this.file);
  }

  /** Starts again on the same file and port (after `kill`, or kills first). */
  async restart(): Promise<void> {
    await this.kill();
    await this.listen();
    this.restarts += 1;
  }

  async stop(): Promise<void> {
    await this.kill();
    if (testEngine() === 'postgres') await closeTestDb(this.db, this.file, { drop: true });
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * A backup taken the documented ways: on SQLite the backup command (online, while the server runs) or
   * a plain copy of the database file with the server stopped for it; on PostgreSQL, pg_dump (online).
   */
  async backup(method: 'command' | 'file copy'): Promise<string> {
    const target = join(this.dir, `backup-${Date.now()}-${Math.random().toString(16).slice(2)}.sqlite`);
    if (testEngine() === 'postgres') {
      await pgDump(this.file, target);
    } else if (method === 'command') {
      await backupDatabase(this.file, target);
    } else {
      await this.kill();
      copyFileSync(this.file, target);
      await this.listen();
    }
    return target;
  }

  /** The shop restores a backup: server stopped, database replaced, server started again on the same port. */
  async restore(backup: string): Promise<void> {
    await this.kill();
    if (testEngine() === 'postgres') await pgRestore(backup, this.file);
    else await restoreDatabase(backup, this.file);
    await this.listen();
    this.restarts += 1;
  }

  /** Live categories as the server's SQLite file holds them. */
  async liveCategories(): Promise<CategoryState[]> {
    return this.db
      .select({ id: categories.id, name: categories.name, description: categories.description })
      .from(categories)
      .where(eq(categories.deleted, false))
      .orderBy(asc(categories.id))
      .all();
  }

  /** Every row of categories, tombstones included (to count rows: a double create would show). */
  async categoryRowCount(): Promise<number> {
    return (await this.db.select({ n: count() }).from(categories).get())!.n;
  }

  /**
   * Live rows of every synced table as the server holds them, typed as a device stores them; with a
   * role, without the columns that role does not read (a Staff device holds no costs).
   */
  mirror(role?: Role): Promise<Record<SyncedTable, SyncedRow[]>> {
    return serverMirror(this.db, role);
  }

  async appliedMutations(): Promise<AppliedMutationRow[]> {
    const t = appliedMutations;
    // In the order they were recorded: SQLite's rowid; PostgreSQL keeps no such order, so by time, then id.
    const order = testEngine() === 'postgres' ? [asc(t.createdAt), asc(t.id)] : [insertionOrder(this.db, t.id)];
    return (await this.db
      .select({ id: t.id, name: t.name, status: t.status, httpStatus: t.httpStatus, happenedAt: t.happenedAt })
      .from(t)
      .orderBy(...order)
      .all()) as AppliedMutationRow[];
  }

  /** Live categories through the public API, as any client would see them. */
  async apiCategories(): Promise<CategoryState[]> {
    const response = await fetch(`${this.baseUrl}/api/categories`, { headers: { token: this.token } });
    const body = (await response.json()) as { categories: CategoryState[] };
    return body.categories.map(({ id, name, description }) => ({ id, name, description })).sort(byId);
  }
}

/**
 * Live rows of every synced table in a server's database (either engine), typed as a device stores
 * them; with a role, without the columns that role does not read (a Staff device holds no costs).
 */
export async function serverMirror(db: Db, role?: Role): Promise<Record<SyncedTable, SyncedRow[]>> {
  const mirror = {} as Record<SyncedTable, SyncedRow[]>;
  for (const table of syncedTables) {
    const rows = (await db.select().from(syncedTableObjects[table]).all()) as SyncedRow[];
    mirror[table] = rows
      .filter((row) => !row.deleted)
      .map((row) => (role ? projectRow(table, row, role) : row))
      .sort(byId);
  }
  return mirror;
}

// ---------------------------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------------------------

/**
 * What a device needs of the server it talks to: its address and the session it starts logged in
 * with. A TestServer is one; so is a load balancer in front of several server processes
 * (tests/crash/pg-three-processes.test.ts), whose `fetch` sends each request to the process the
 * device is routed to at that moment.
 */
export interface DeviceServer {
  readonly baseUrl: string;
  readonly admin: TestSession;
  /** The network behind the device's faulty fetch (the global fetch when missing). */
  readonly fetch?: typeof fetch;
}

export class Device {
  readonly idb = new IDBFactory();
  db: GarageDb;
  engine: SyncEngine;
  readonly net: FaultyFetch;
  /** Who is logged in on this device (the server's Admin unless a test logs someone else in); null: nobody. */
  session: TestSession | null;
  /** How far this device's clock is from the true time (ms): a tablet whose clock runs slow or was set wrong. */
  private clockSkewMs = 0;
  /** What the engine said of a download under way (`onDownloading`), in order. */
  readonly downloadingSaid: boolean[] = [];

  constructor(
    readonly name: string,
    private readonly server: DeviceServer,
    random: Random,
    rates: FaultRates = {},
    /** The build the device runs (this one's when undefined): an older one stores fewer tables, a newer one speaks a later protocol. */
    private build?: SyncBuild,
  ) {
    this.net = new FaultyFetch(random, rates, server.fetch);
    this.session = server.admin;
    this.db = this.open();
    this.engine = this.newEngine();
  }

  /** Someone logs in on this device (their own session); the outbox stays as it is. */
  logIn(session: TestSession): void {
    this.session = session;
  }

  /** Logout: the session ends on the device; what it queued stays queued. */
  logOut(): void {
    this.session = null;
  }

  get author(): Author {
    if (!this.session) throw new Error(`${this.name}: nobody is logged in`);
    return this.session.author;
  }

  /** A change made on this device by whoever is logged in. */
  run(name: MutationName, args: Record<string, unknown>): Promise<OutboxEntry> {
    return runLocalMutation(this.db, this.author, name, args);
  }

  /** A form's edit: only what differs from `original` (by default the row as the device holds it now). */
  async edit(name: MutationName, id: string, input: Record<string, unknown>, original?: Record<string, unknown>): Promise<OutboxEntry | null> {
    const table = { updateCategory: 'categories', updateCustomer: 'customers', updateItem: 'items', updateService: 'services', saveCompany: 'company' }[name as string] as
      'categories' | undefined;
    const shown = original ?? (table ? await this.db.table(table).get(id) : undefined);
    return runLocalUpdate(this.db, this.author, name, id, input, shown);
  }

  private open(): GarageDb {
    const db = createGarageDb(this.name, { indexedDB: this.idb, IDBKeyRange });
    setDeviceClock(db, () => Date.now() + this.clockSkewMs);
    return db;
  }

  /** Sets this device's clock this far from the true time (it keeps running from there). */
  setClockSkew(ms: number): void {
    this.clockSkewMs = ms;
  }

  private newEngine(): SyncEngine {
    // The base URL is read per engine, and the server keeps its port across restarts.
    return new SyncEngine(this.db, {
      fetch: this.net.fetch,
      baseUrl: this.server.baseUrl,
      getSession: () => (this.session ? { token: this.session.token, userId: this.session.author.id } : null),
      onDownloading: (downloading) => this.downloadingSaid.push(downloading),
      ...(this.build ? { build: this.build } : {}),
    });
  }

  /** The app is updated to another build (this one's when undefined) and reloaded: same IndexedDB, outbox and cursors. */
  updateTo(build?: SyncBuild): void {
    this.build = build;
    this.abandonAndReopen();
  }

  /**
   * The tab is gone: the Dexie instance is closed under whatever was using it. A new Dexie on
   * the same IndexedDB (same factory, same name) and a new engine take over.
   */
  abandonAndReopen(): void {
    this.db.close();
    this.db = this.open();
    this.engine = this.newEngine();
  }

  /** Every synced table as this device holds it, without the fields only the device derives (search words, sort keys, local stamps). */
  async mirror(): Promise<Record<SyncedTable, SyncedRow[]>> {
    const mirror = {} as Record<SyncedTable, SyncedRow[]>;
    for (const table of syncedTables) {
      const rows = (await this.db.table(table).toArray()) as SyncedRow[];
      mirror[table] = rows.map((row) => withoutDeviceFields(row) as SyncedRow).sort(byId);
    }
    return mirror;
  }

  async categories(): Promise<CategoryState[]> {
    return (await this.db.categories.toArray()).map(({ id, name, description }) => ({ id, name, description })).sort(byId);
  }

  async outboxSize(): Promise<number> {
    return this.db.outbox.count();
  }

  /** One sync; a failure (transient or injected) is returned rather than thrown. */
  async trySync(): Promise<unknown> {
    try {
      await this.engine.sync();
      return null;
    } catch (error) {
      return error;
    }
  }

  /** Syncs (no faults) until the outbox is empty and a full push + pull succeeded. */
  async syncClean(maxRounds = 10): Promise<void> {
    const enabled = this.net.enabled;
    this.net.enabled = false;
    try {
      let lastError: unknown = null;
      for (let round = 0; round < maxRounds; round += 1) {
        lastError = await this.trySync();
        if (lastError === null && (await this.outboxSize()) === 0) return;
      }
      throw new Error(`${this.name} did not sync clean: ${String(lastError)}`);
    } finally {
      this.net.enabled = enabled;
    }
  }

  // ---- the register ---------------------------------------------------------------------------

  /**
   * This device's invoice code, asked for as the app asks at login (ensureDeviceCode: POST
   * /api/sync/device with its clientId), through this device's own network and session. The app's
   * call uses a relative path and the token in local storage; both are lent to it for the call.
   */
  async ensureDeviceCode(): Promise<string> {
    const g = globalThis as unknown as { fetch: typeof fetch; localStorage?: unknown };
    const saved = { fetch: g.fetch, localStorage: g.localStorage };
    const token = this.session?.token ?? null;
    const base = this.server.baseUrl;
    g.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      typeof input === 'string' && input.startsWith('/') ? this.net.fetch(`${base}${input}`, init) : saved.fetch(input, init)) as typeof fetch;
    g.localStorage = { getItem: (key: string) => (key === 'token' ? token : null), setItem() {}, removeItem() {} };
    try {
      const code = await ensureDeviceCode(this.db);
      if (!code) throw new Error(`${this.name}: no device code`);
      return code;
    } finally {
      g.fetch = saved.fetch;
      g.localStorage = saved.localStorage;
    }
  }

  /** The register's next invoice number (client/src/sync/invoice-numbers.ts). */
  nextInvoiceNo(): Promise<string> {
    return nextInvoiceNo(this.db);
  }

  /** A sale at this register, numbered here, as the checkout screen makes it (features/sales/api/checkout.ts). */
  async sell(sale: SaleSpec): Promise<OutboxEntry> {
    return this.run('checkoutSale', saleArgs(await this.nextInvoiceNo(), sale));
  }

  /**
   * Changes a queued entry's arguments in the outbox, as a register with other arithmetic (or a
   * hand on the wire) would send them: the device's optimistic rows stay as they were made.
   */
  async tamperQueued(entry: OutboxEntry, change: (args: Record<string, unknown>) => Record<string, unknown>): Promise<OutboxEntry> {
    const args = change(structuredClone(entry.args) as Record<string, unknown>);
    const updated = await this.db.outbox
      .where('id')
      .equals(entry.id)
      .modify({ args: args as OutboxEntry['args'] });
    if (updated === 0) throw new Error(`${this.name}: entry ${entry.id} is not queued`);
    entry.args = args as OutboxEntry['args'];
    return entry;
  }

  close(): void {
    this.db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Sales
// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// A fresh server for each test
// ---------------------------------------------------------------------------------------------

export interface FreshServer {
  /** This test's server: started before the test, stopped after it. */
  readonly server: TestServer;
  /** A device on this test's server, closed after the test. */
  device(name: string): Device;
  /** A register that has been online once: it has its invoice code (as after login in the app). */
  register(name: string): Promise<Device>;
}

/**
 * Registers the beforeEach/afterEach hooks most sync test files need: a fresh server for each test
 * (device codes start at D01, job numbers at JOB-0001, counts are exact) and the test's devices
 * closed after it. Each device takes `random.fork()` when made, in the order made, as the files did
 * by hand, so a file's seed still picks the same faults. With `fakeDateFrom`, Date alone is faked
 * from that time for the whole test, the server's start and stop included.
 */
export function freshServerEachTest(random: Random, options: { fakeDateFrom?: number } = {}): FreshServer {
  let server: TestServer | null = null;
  let devices: Device[] = [];
  beforeEach(async () => {
    if (options.fakeDateFrom !== undefined) vi.useFakeTimers({ toFake: ['Date'], now: options.fakeDateFrom });
    server = await TestServer.start();
  });
  afterEach(async () => {
    for (const d of devices) d.close();
    devices = [];
    await server?.stop();
    server = null;
    if (options.fakeDateFrom !== undefined) vi.useRealTimers();
  });
  const bed: FreshServer = {
    get server(): TestServer {
      if (!server) throw new Error('freshServerEachTest: the server runs only during a test');
      return server;
    },
    device(name) {
      const created = new Device(name, bed.server, random.fork());
      devices.push(created);
      return created;
    },
    async register(name) {
      const created = bed.device(name);
      await created.ensureDeviceCode();
      return created;
    },
  };
  return bed;
}

export interface SaleLineSpec {
  id?: string;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  /** Units, two decimals at most. */
  quantity: number;
  /** Rupees, two decimals at most. */
  unitPrice: number;
  discountPercent?: number;
  warrantyMonths?: number;
}

export interface SaleSpec {
  id?: string;
  lines: SaleLineSpec[];
  /** null or missing: a guest. */
  customerId?: string | null;
  guest?: boolean;
  jobCardId?: string | null;
  tax?: TaxSetting;
  method?: RegisterPaymentMethod;
  /** Rupees handed over; missing: exactly the total. */
  tendered?: number;
  /** The customer left what is over the total as credit (the register's payment modal, issue 23). */
  keepExcess?: boolean;
  date?: string;
  paymentId?: string;
}

/** The register's total of a sale, in cents, as the checkout screen computes it. */
export function saleTotalCents(lines: readonly SaleLineSpec[], tax: TaxSetting): number {
  return invoiceTotals(
    lines.map((line) => ({ unitPriceCents: toCents(line.unitPrice), quantityHundredths: toHundredths(line.quantity), discountPercent: line.discountPercent ?? 0 })),
    tax,
  ).totalCents;
}

/** checkoutSale's arguments, built as client/src/features/sales/api/checkout.ts builds them. */
export function saleArgs(invoiceNo: string, sale: SaleSpec): Record<string, unknown> {
  const tax = sale.tax ?? { taxRatePercent: 0, pricesIncludeTax: false };
  const totalCents = saleTotalCents(sale.lines, tax);
  const customerId = sale.customerId ?? null;
  return {
    id: sale.id ?? crypto.randomUUID(),
    invoiceNo,
    date: sale.date ?? new Date().toISOString(),
    customerId,
    guest: sale.guest ?? customerId === null,
    customerName: customerId === null ? 'Guest' : '',
    jobCardId: sale.jobCardId ?? null,
    lines: sale.lines.map((line) => ({
      id: line.id ?? crypto.randomUUID(),
      kind: line.kind,
      refId: line.refId,
      name: line.name,
      quantity: fromHundredths(toHundredths(line.quantity)),
      unitPrice: fromCents(toCents(line.unitPrice)),
      discountPercent: line.discountPercent ?? 0,
      warrantyMonths: line.warrantyMonths ?? 0,
    })),
    taxRatePercent: tax.taxRatePercent,
    pricesIncludeTax: tax.pricesIncludeTax,
    total: fromCents(totalCents),
    payment: {
      id: sale.paymentId ?? crypto.randomUUID(),
      method: sale.method ?? 'Cash',
      tendered: sale.tendered ?? fromCents(totalCents),
      ...(sale.keepExcess ? { keepExcess: true } : {}),
    },
  };
}

export const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Moved to tests/factories (one place for the test factories); re-exported for the sync tests. */
export { customerWithVehicle } from '../factories';

/**
 * For a file whose tests run a SyncRunner outside a browser: one test server, fake IndexedDB for
 * Dexie, and the globals the runner touches (navigator.onLine, window's listeners) stubbed, for the
 * whole file. `server` is set before the first test.
 */
export function runnerTestFile(): { server: TestServer } {
  const file = { server: undefined as unknown as TestServer };
  beforeAll(async () => {
    file.server = await TestServer.start();
    Dexie.dependencies.indexedDB ??= new IDBFactory();
    Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await file.server.stop();
  });
  return file;
}
