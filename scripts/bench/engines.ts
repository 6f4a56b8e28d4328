// Issue 46, "Speed": the server on SQLite and on PostgreSQL side by side, in one run
// (`npm run bench -- --engine pg`). See docs/benchmarks.md.
//   1. pushes a second, durable, devices pushing at once: SQLite's one server process (synchronous =
//      FULL), and two server processes on one PostgreSQL database (synchronous_commit as the server
//      has it, shown), the devices dealt between them (push-throughput.ts, pushThroughHttp);
//   2. a pull page of 1,000 rows (GET /api/sync/pull?since=&limit=1000), median of several;
//   3. a change pushed on one process reaching a device whose poke stream (GET /api/sync/events) is
//      on the OTHER process, then pulled: push sent → the change in the device's pull. SQLite has one
//      process, so its figure is the same path within it.
// Then, on PostgreSQL, where a push's time goes: applyBatch in this process with every statement
// counted and timed (pg's Client.query wrapped), beside one statement's round trip.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { closeDb, openDatabase, openDb } from '@server/db/connection';
import { pgLinkOf } from '@server/db/postgres';
import { applyBatch, type MutationRequest } from '@server/sync/apply-mutation';
import { pushBatchMax, type Change } from '@shared/sync/messages';
import { newRecordId } from '@shared/sync/record-id';
import { median } from './browser';
import { openStream, type Stream } from './poke-fanout';
import { builtServerSynchronous, httpWarmup, makeWorkload, pushThroughHttp, type PushRun } from './push-throughput';
import { startServer, type RunningServer } from './server-process';
import { seedAdminAndCategory } from './seed-admin';

export type BenchEngine = 'sqlite' | 'postgres';

export const engineGoals = { pushPerSecond: 5000, pullPageMs: 50, crossProcessMs: 1000 };

interface Side {
  engine: BenchEngine;
  label: string;
  durability: string;
  servers: RunningServer[];
  token: string;
  adminId: string;
  categoryId: string;
  close: () => Promise<void>;
}

export interface EngineFigures {
  engine: BenchEngine;
  label: string;
  processes: number;
  durability: string;
  push: PushRun[];
  pushMedian: PushRun;
  pullMs: number[];
  pullRows: number;
  /** Push sent → the device's pull holding the change; and → its poke; and the push's own answer. */
  live: { totalMs: number[]; pokeMs: number[]; writeMs: number[]; crossProcess: boolean };
}

export interface PgProfile {
  mutations: number;
  statements: number;
  /** Wall time of the applyBatch calls, and the part of it with a statement sent and not yet answered. */
  ms: number;
  inQueriesMs: number;
  /** The most statements sent and not yet answered at once (a push applied together does not wait for each). */
  mostInFlight: number;
  cpuMs: number;
  /** CPU time of the database's PostgreSQL backends over the run (from /proc: the bench on PostgreSQL's machine), or null. */
  backendCpuMs: number | null;
  /** The same workload on SQLite in this process, for comparison. */
  sqlitePerSecond: number;
  /** One prepared `SELECT $1` there and back, median of 200. */
  roundTripMs: number;
  /** The run's statements by their first words: how many. */
  kinds: Record<string, number>;
}

export interface EngineReport {
  date: string;
  loadBefore: number[];
  loadAfter: number[];
  cores: number;
  devices: number;
  mutations: number;
  runs: number;
  sides: EngineFigures[];
  profile: PgProfile | null;
}

/** The bench's database on PostgreSQL: one of its own on the server `adminUrl` names, dropped at the end. */
export async function makePgDatabase(adminUrl: string, prefix = 'garage_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // The C locale, as the README asks of a chain's database: text sorts by its bytes, as in SQLite.
  await asAdmin(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** What makes a commit durable on PostgreSQL, as a connection of the server's role to its database sees it. */
async function pgDurability(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const show = async (name: string) => ((await client.query(`SHOW ${name}`)).rows[0] as Record<string, string>)[name];
    return `synchronous_commit = ${await show('synchronous_commit')}, fsync = ${await show('fsync')}`;
  } finally {
    await client.end();
  }
}

type ServerCommand = { command: string; args: string[]; cwd: string };

async function sqliteSide(server: ServerCommand, mainJs: string): Promise<Side> {
  const directory = mkdtempSync(join(tmpdir(), 'garage-engines-'));
  const file = join(directory, 'garage.sqlite');
  const db = await openDb(file);
  const seeded = await seedAdminAndCategory(db);
  db.$client.close();
  const running = await startServer({ ...server, dbFile: file });
  return {
    engine: 'sqlite',
    label: 'SQLite',
    durability: `synchronous = ${builtServerSynchronous(mainJs)} (WAL)`,
    servers: [running],
    ...seeded,
    close: async () => {
      await running.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function postgresSide(server: ServerCommand, adminUrl: string, processes: number): Promise<Side> {
  const database = await makePgDatabase(adminUrl);
  const servers: RunningServer[] = [];
  try {
    const db = await openDatabase({ DB_FILE: ':memory:', DATABASE_URL: database.url });
    const seeded = await seedAdminAndCategory(db);
    await closeDb(db);
    const durability = await pgDurability(database.url);
    // DB_FILE is not used on PostgreSQL; each process has a path of its own all the same.
    for (let i = 0; i < processes; i++)
      servers.push(await startServer({ ...server, dbFile: join(tmpdir(), `garage-engines-unused-${i}.sqlite`), env: { DATABASE_URL: database.url } }));
    return {
      engine: 'postgres',
      label: 'PostgreSQL',
      durability,
      servers,
      ...seeded,
      close: async () => {
        for (const running of servers) await running.stop();
        await database.drop();
      },
    };
  } catch (error) {
    for (const running of servers) await running.stop();
    await database.drop();
    throw error;
  }
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { token } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface PullPage {
  cursor: string;
  hasMore: boolean;
  changes: Change[];
}

/** A page of 1,000 rows from cursor zero, as a device's first sync asks it: the request's wall time. */
async function timePullPage(side: Side): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const page = await getJson<PullPage>(`${side.servers[0]!.baseUrl}/api/sync/pull?since=&limit=1000`, side.token);
  return { ms: performance.now() - started, rows: page.changes.length };
}

/** A device whose poke stream is on the last server process, holding its cursor. */
interface Watcher {
  stream: Stream;
  cursor: string;
  abort: AbortController;
}

async function connectWatcher(side: Side): Promise<Watcher> {
  const server = side.servers.at(-1)!;
  const abort = new AbortController();
  const stream = openStream(server.baseUrl, side.token, abort.signal, () => undefined);
  // The device's catch-up: every page to the newest, so a trial's pull holds its one change.
  let cursor = '';
  for (;;) {
    const page = await getJson<PullPage>(`${server.baseUrl}/api/sync/pull?since=${encodeURIComponent(cursor)}&limit=2000`, side.token);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const deadline = performance.now() + 10_000;
  while (stream.pokes.length === 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  if (stream.pokes.length === 0) throw new Error(`${side.label}: the poke stream sent no poke on connect`);
  return { stream, cursor, abort };
}

/**
 * One trial: a createCategory pushed to the first process; the device on the last one pulls at each
 * poke after the push was sent, as the client's PokeListener does, until its pull holds the category.
 */
async function liveTrial(side: Side, watcher: Watcher, trial: number): Promise<{ totalMs: number; pokeMs: number; writeMs: number }> {
  const writer = side.servers[0]!;
  const reader = side.servers.at(-1)!;
  const categoryId = newRecordId();
  const clientId = 'engines-writer';
  const body = JSON.stringify({
    clientId,
    mutations: [
      {
        id: randomUUID(),
        clientId,
        seq: trial,
        name: 'createCategory',
        args: { id: categoryId, name: `Live ${side.engine} ${trial} ${Date.now()}`, description: '' },
        createdAt: new Date().toISOString(),
        authorId: side.adminId,
      },
    ],
  });
  const seenPokes = watcher.stream.pokes.length;
  const sent = performance.now();
  const write = (async () => {
    const response = await fetch(`${writer.baseUrl}/api/sync/push`, { method: 'POST', headers: { token: side.token, 'content-type': 'application/json' }, body });
    const answer = (await response.json()) as { results?: { status: string; message?: string }[] };
    if (answer.results?.[0]?.status !== 'applied') throw new Error(`${side.label}: the live write was not applied: ${JSON.stringify(answer)}`);
    return performance.now() - sent;
  })();
  let handled = seenPokes;
  let pokeMs = NaN;
  const deadline = sent + 10_000;
  for (;;) {
    while (watcher.stream.pokes.length === handled) {
      if (performance.now() > deadline) throw new Error(`${side.label}: trial ${trial}: the change did not reach the other process's device within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    handled = watcher.stream.pokes.length;
    if (Number.isNaN(pokeMs)) pokeMs = watcher.stream.pokes[seenPokes]! - sent;
    let found = false;
    for (;;) {
      const page = await getJson<PullPage>(`${reader.baseUrl}/api/sync/pull?since=${encodeURIComponent(watcher.cursor)}`, side.token);
      watcher.cursor = page.cursor;
      found ||= page.changes.some((change) => change.table === 'categories' && change.id === categoryId);
      if (!page.hasMore) break;
    }
    if (found) return { totalMs: performance.now() - sent, pokeMs, writeMs: await write };
  }
}

/** The same applyBatch on SQLite in this process (synchronous = FULL, as the server opens it): mutations a second. */
async function sqliteInProcess(mutations: number): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'garage-engines-'));
  const db = await openDb(join(directory, 'garage.sqlite'));
  try {
    const { adminId, categoryId } = await seedAdminAndCategory(db);
    const user = { id: adminId, name: 'Bench Admin', email: 'bench@garage.local', role: 'Admin' as const };
    const envelope = (batch: MutationRequest[]) => batch.map((request) => ({ ...request, clientId: 'bench-profile', createdAt: new Date().toISOString() }));
    for (const batch of makeWorkload(1000, pushBatchMax, categoryId, 'sw').batches) await applyBatch(db, user, envelope(batch));
    const batches = makeWorkload(mutations, pushBatchMax, categoryId, 'sp').batches.map(envelope);
    const started = performance.now();
    for (const batch of batches) await applyBatch(db, user, batch);
    return mutations / ((performance.now() - started) / 1000);
  } finally {
    db.$client.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** CPU time (user and system, ms) of these processes, from /proc; null when one cannot be read (PostgreSQL elsewhere). */
function backendCpu(pids: number[]): number | null {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime) after the command's closing parenthesis, in clock ticks (100 a second on Linux).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return ticks * 10;
}

/** A statement's kind for the profile: its first words, the table it names. */
function statementKind(text: string): string {
  const words = text.trim().replace(/\s+/g, ' ');
  const table = /^(?:insert into|update|delete from) "(\w+)"/i.exec(words)?.[1] ?? /\bfrom "(\w+)"/i.exec(words)?.[1];
  const verb = words.split(' ')[0]!.toLowerCase();
  if (/pg_advisory_xact_lock/.test(words)) return 'advisory lock';
  return table ? `${verb} ${table}` : words.slice(0, 24).toLowerCase();
}

/** applyBatch in this process on PostgreSQL, every statement counted and timed: where a push's time goes. */
export async function profilePgPush(adminUrl: string, mutations: number, options: { counted?: boolean } = {}): Promise<PgProfile> {
  const database = await makePgDatabase(adminUrl);
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const counter = { statements: 0, inQueriesMs: 0, inFlight: 0, mostInFlight: 0, busySince: 0, kinds: null as Record<string, number> | null };
  // Uncounted (`--uncounted`): the push's own speed, without this wrapper's cost a statement.
  if (options.counted !== false)
    prototype.query = function (this: unknown, ...args: unknown[]) {
      counter.statements++;
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
      if (counter.kinds) counter.kinds[statementKind(text)] = (counter.kinds[statementKind(text)] ?? 0) + 1;
      // Statements overlap (a push applied together sends on without waiting): the time any is out counts once.
      if (counter.inFlight++ === 0) counter.busySince = performance.now();
      counter.mostInFlight = Math.max(counter.mostInFlight, counter.inFlight);
      const done = () => {
        if (--counter.inFlight === 0) counter.inQueriesMs += performance.now() - counter.busySince;
      };
      // The pool's own calls pass a callback; drizzle's and the transactions' await a promise.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function')
        args[last] = (...answer: unknown[]) => {
          done();
          return (callback as (...a: unknown[]) => unknown)(...answer);
        };
      const result = original.apply(this, args);
      return result instanceof Promise ? result.finally(done) : result;
    };
  try {
    const db = await openDatabase({ DB_FILE: ':memory:', DATABASE_URL: database.url });
    try {
      const { adminId, categoryId } = await seedAdminAndCategory(db);
      const user = { id: adminId, name: 'Bench Admin', email: 'bench@garage.local', role: 'Admin' as const };
      // As a push's route hands them over: each entry with its device and device time.
      const envelope = (batch: MutationRequest[]) => batch.map((request) => ({ ...request, clientId: 'bench-profile', createdAt: new Date().toISOString() }));
      // Warm: the statements prepared on their connections, V8's compiled apply path.
      for (const batch of makeWorkload(1000, pushBatchMax, categoryId, 'pw').batches) await applyBatch(db, user, envelope(batch));
      counter.kinds = {};
      counter.statements = 0;
      counter.inQueriesMs = 0;
      counter.mostInFlight = 0;
      const batches = makeWorkload(mutations, pushBatchMax, categoryId, 'pp').batches.map(envelope);
      const backends = ((await pgLinkOf(db)!.pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows as { pid: number }[]).map((row) => row.pid);
      const backendsBefore = backendCpu(backends);
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (const batch of batches) await applyBatch(db, user, batch);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const backendsAfter = backendCpu(backends);
      const backendCpuMs = backendsBefore === null || backendsAfter === null ? null : backendsAfter - backendsBefore;
      const { statements, inQueriesMs, mostInFlight, kinds } = counter;
      counter.kinds = null;
      const trips: number[] = [];
      const client = await pgLinkOf(db)!.pool.connect();
      try {
        for (let i = 0; i < 200; i++) {
          const t = performance.now();
          await client.query({ name: 'benchRoundTrip', text: 'SELECT $1::int', values: [i] });
          trips.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
      const sqlitePerSecond = await sqliteInProcess(mutations);
      return {
        mutations,
        statements,
        ms,
        inQueriesMs,
        mostInFlight,
        cpuMs: (used.user + used.system) / 1000,
        roundTripMs: median(trips),
        kinds: kinds!,
        sqlitePerSecond,
        backendCpuMs,
      };
    } finally {
      await closeDb(db);
    }
  } finally {
    prototype.query = original;
    await database.drop();
  }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function runEngineBench(options: {
  root: string;
  server: ServerCommand;
  pgUrl: string;
  processes: number;
  devices: number;
  mutations: number;
  runs: number;
  pullRuns: number;
  trials: number;
  profile: boolean;
  log: (line: string) => void;
}): Promise<EngineReport> {
  const { log } = options;
  const loadBefore = loadavg();
  const cores = cpus().length;
  log(`Engines (issue 46): load ${loadBefore.map((v) => v.toFixed(2)).join(', ')} at the start, ${cores} cores`);
  const sides: Side[] = [];
  try {
    sides.push(await sqliteSide(options.server, join(options.root, 'dist/server/main.js')));
    sides.push(await postgresSide(options.server, options.pgUrl, options.processes));
    for (const side of sides) log(`  ${side.label}: ${side.servers.length} server process${side.servers.length > 1 ? 'es' : ''}, ${side.durability}`);
    const figures = new Map<BenchEngine, EngineFigures>(
      sides.map((side) => [
        side.engine,
        {
          engine: side.engine,
          label: side.label,
          processes: side.servers.length,
          durability: side.durability,
          push: [],
          pushMedian: undefined as unknown as PushRun,
          pullMs: [],
          pullRows: 0,
          live: { totalMs: [], pokeMs: [], writeMs: [], crossProcess: side.servers.length > 1 },
        },
      ]),
    );

    // 1. Pushes: runs take turns between the engines, so a change in the machine's load falls on both.
    log(
      `Pushes: ${fmt(options.mutations)} mutations a run from ${options.devices} devices at once, in pushes of ${pushBatchMax}, ${options.runs} runs (first ${fmt(httpWarmup)} to each process untimed)...`,
    );
    for (let run = 1; run <= options.runs; run++) {
      for (const side of sides) {
        const target = { servers: side.servers, devices: options.devices, token: side.token, authorId: side.adminId, categoryId: side.categoryId };
        const result = await pushThroughHttp(target, options.mutations, pushBatchMax, `${side.engine}${run}`, run === 1 ? httpWarmup : 0).catch((error: unknown) => {
          for (const server of side.servers) log(server.output().slice(-3000));
          throw error;
        });
        figures.get(side.engine)!.push.push(result);
        log(
          `  ${side.label} run ${run}: ${fmt(result.perSecond)} mutations/s (${(result.ms / 1000).toFixed(2)} s; a push median ${result.batchMedianMs.toFixed(0)} ms, max ${result.batchMaxMs.toFixed(0)} ms${result.coldPerSecond ? `; warm-up ${fmt(result.coldPerSecond)}/s` : ''}; load ${loadavg()[0]!.toFixed(2)})`,
        );
      }
    }
    for (const figure of figures.values()) figure.pushMedian = [...figure.push].sort((x, y) => x.perSecond - y.perSecond)[Math.floor((figure.push.length - 1) / 2)]!;

    // 2. A pull page of 1,000 rows, one untimed first.
    log(`Pull: a page of 1,000 rows from cursor zero, ${options.pullRuns} times (one untimed first)...`);
    for (const side of sides) await timePullPage(side);
    for (let run = 0; run < options.pullRuns; run++) {
      for (const side of sides) {
        const { ms, rows } = await timePullPage(side);
        if (rows !== 1000) throw new Error(`${side.label}: the pull page held ${rows} rows, not 1,000`);
        const figure = figures.get(side.engine)!;
        figure.pullMs.push(ms);
        figure.pullRows = rows;
      }
    }
    for (const figure of figures.values()) log(`  ${figure.label}: ${figure.pullMs.map((v) => v.toFixed(1)).join(', ')} ms (median ${median(figure.pullMs).toFixed(1)} ms)`);

    // 3. A change on one process, to a device on the other.
    log(`Live: a change pushed to the first process, poked and pulled on the last, ${options.trials} trials...`);
    const watchers = new Map<BenchEngine, Watcher>();
    try {
      for (const side of sides) watchers.set(side.engine, await connectWatcher(side));
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let trial = 1; trial <= options.trials; trial++) {
        for (const side of sides) {
          const result = await liveTrial(side, watchers.get(side.engine)!, trial);
          const { live } = figures.get(side.engine)!;
          live.totalMs.push(result.totalMs);
          live.pokeMs.push(result.pokeMs);
          live.writeMs.push(result.writeMs);
          // Let the trial's pokes settle before the next write.
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      }
    } finally {
      for (const watcher of watchers.values()) watcher.abort.abort();
      await Promise.allSettled([...watchers.values()].map(async (watcher) => watcher.stream.done));
    }
    for (const figure of figures.values()) {
      const { totalMs, pokeMs, writeMs } = figure.live;
      log(
        `  ${figure.label}${figure.live.crossProcess ? ' (across processes)' : ' (one process)'}: pulled median ${median(totalMs).toFixed(0)} ms, max ${Math.max(...totalMs).toFixed(0)} ms; poked median ${median(pokeMs).toFixed(0)} ms; the push answered median ${median(writeMs).toFixed(0)} ms`,
      );
    }

    // 4. Where a PostgreSQL push's time goes, in this process (the servers idle meanwhile).
    let profile: PgProfile | null = null;
    if (options.profile) {
      log('PostgreSQL push in this process, every statement counted...');
      profile = await profilePgPush(options.pgUrl, Math.min(options.mutations, 10_000));
      for (const line of profileLines(profile)) log(`  ${line}`);
    }
    return {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      loadBefore,
      loadAfter: loadavg(),
      cores,
      devices: options.devices,
      mutations: options.mutations,
      runs: options.runs,
      sides: sides.map((side) => figures.get(side.engine)!),
      profile,
    };
  } finally {
    for (const side of sides) await side.close().catch((error: Error) => log(`  closing ${side.label}: ${error.message}`));
  }
}

export function profileLines(profile: PgProfile): string[] {
  const perMutation = (n: number) => (n / profile.mutations).toFixed(2);
  const kinds = Object.entries(profile.kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${perMutation(n)}`)
    .join('; ');
  return [
    `${fmt(profile.mutations)} mutations (applyBatch, pushes of ${pushBatchMax}): ${fmt(profile.mutations / (profile.ms / 1000))}/s (SQLite in this process: ${fmt(profile.sqlitePerSecond)}/s); ${perMutation(profile.statements)} statements a mutation, up to ${profile.mostInFlight} sent and not yet answered at once`,
    `time: ${(profile.ms / profile.mutations).toFixed(3)} ms a mutation, of it ${(profile.inQueriesMs / profile.mutations).toFixed(3)} ms with a statement out (${((100 * profile.inQueriesMs) / profile.ms).toFixed(0)}%); CPU a mutation: this process ${(profile.cpuMs / profile.mutations).toFixed(3)} ms, PostgreSQL's backends ${profile.backendCpuMs === null ? 'not read' : `${(profile.backendCpuMs / profile.mutations).toFixed(3)} ms`}`,
    `one prepared statement's round trip: median ${profile.roundTripMs.toFixed(3)} ms (× ${perMutation(profile.statements)} = ${((profile.roundTripMs * profile.statements) / profile.mutations).toFixed(3)} ms a mutation, were each waited for)`,
    `statements a mutation by kind: ${kinds}`,
  ];
}

/** The table: each figure with its goal, SQLite's and PostgreSQL's. */
export function engineTable(report: EngineReport): string {
  const [sqlite, postgres] = [report.sides.find((s) => s.engine === 'sqlite')!, report.sides.find((s) => s.engine === 'postgres')!];
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const push = (f: EngineFigures) =>
    `${fmt(f.pushMedian.perSecond)} (runs ${f.push.map((r) => fmt(r.perSecond)).join(', ')}) ${met(f.pushMedian.perSecond >= engineGoals.pushPerSecond)}`;
  const pull = (f: EngineFigures) => `${median(f.pullMs).toFixed(1)} ms (max ${Math.max(...f.pullMs).toFixed(1)}) ${met(median(f.pullMs) < engineGoals.pullPageMs)}`;
  const live = (f: EngineFigures) =>
    `${median(f.live.totalMs).toFixed(0)} ms, max ${fmt(Math.max(...f.live.totalMs))} ms${f.live.crossProcess ? '' : ' (one process)'} ${met(median(f.live.totalMs) < engineGoals.crossProcessMs && Math.max(...f.live.totalMs) < engineGoals.crossProcessMs)}`;
  const rows: [string, string, string, string][] = [
    ['durable commit', '', sqlite.durability, postgres.durability],
    ['server processes', '', String(sqlite.processes), String(postgres.processes)],
    [`pushes, ${report.devices} devices at once, mutations/s (median of ${report.runs})`, `≥ ${fmt(engineGoals.pushPerSecond)}`, push(sqlite), push(postgres)],
    [`pull page of 1,000 rows (median of ${sqlite.pullMs.length})`, `< ${engineGoals.pullPageMs} ms`, pull(sqlite), pull(postgres)],
    [`change → device on the other process, poked and pulled (median, max of ${sqlite.live.totalMs.length})`, `< 1 s`, live(sqlite), live(postgres)],
  ];
  const header = ['figure', 'goal', 'SQLite', 'PostgreSQL'];
  const lines = [header, ['---', '---', '---', '---'], ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  return [
    `Engines, ${report.date}: load ${report.loadBefore.map((v) => v.toFixed(2)).join(', ')} at the start, ${report.loadAfter.map((v) => v.toFixed(2)).join(', ')} at the end (${report.cores} cores)`,
    ...lines,
  ].join('\n');
}
