// Push throughput: how many mutations a second the server applies, in-process through the real apply
// functions and once through POST /api/sync/push of the built server (pushThroughHttp, which
// engines.ts also runs on PostgreSQL: several server processes, devices pushing at once). See docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Db } from '@server/db/connection';
import type { AuthUser } from '@server/auth/tokens';
import { applyBatch, applyMutation, type MutationRequest } from '@server/sync/apply-mutation';
import type { MutationOutcome } from '@shared/sync/messages';
import { pushBatchMax } from '@shared/sync/messages';
import { median } from './browser';
import { checkInvariants } from './seed-data';
import { startServer, type RunningServer } from './server-process';
import { login } from './server-timings';
import { newRecordId } from '@shared/sync/record-id';

export type Synchronous = 'NORMAL' | 'FULL';

export interface PushConfig {
  key: string;
  label: string;
  synchronous: Synchronous;
  /** 'each': applyMutation per entry (a transaction per mutation); 'batch': applyBatch (one transaction per push). */
  transaction: 'each' | 'batch';
}

export const pushConfigs: PushConfig[] = [
  { key: 'a', label: 'before: synchronous = NORMAL, a transaction per mutation', synchronous: 'NORMAL', transaction: 'each' },
  { key: 'b', label: 'synchronous = FULL, a transaction per mutation', synchronous: 'FULL', transaction: 'each' },
  { key: 'c', label: 'now: synchronous = FULL, one transaction per batch (applyBatch)', synchronous: 'FULL', transaction: 'batch' },
];

export interface PushRun {
  ms: number;
  perSecond: number;
  /** CPU time of this process over the run (in-process runs only): what is left of `ms` is waiting (fsync, other work on the machine). */
  cpuMs: number | null;
  /** Each batch of `batchSize`, from the first apply to the last (in-process) or request to answer (HTTP). */
  batchMedianMs: number;
  batchMaxMs: number;
  /**
   * HTTP runs only: the first pushes a freshly started server took (`httpWarmup` mutations, untimed
   * in `perSecond`), while V8 still compiles the apply path. A shop's server runs all day, so the
   * run's figure is its steady state after them; this one says what the first minute after a start costs.
   */
  coldPerSecond?: number;
}

/** Mutations pushed to a freshly started server before an HTTP run is timed (see PushRun.coldPerSecond). */
export const httpWarmup = 1000;

export interface PushResult {
  key: string;
  label: string;
  runs: PushRun[];
  /** The run with the median throughput. */
  median: PushRun;
}

export interface PushReport {
  mutations: number;
  batchSize: number;
  workload: string;
  /** Where the database files were, and `df` of that filesystem. */
  directory: string;
  df: string;
  inProcess: PushResult[];
  http: (PushResult & { synchronous: string }) | null;
}

interface Workload {
  batches: MutationRequest[][];
}

/**
 * `count` mutations in batches: createItem with an opening stock (item + opening movement + version
 * log + applied record) and adjustStock of the item made just before (movement + item update), taking
 * turns, so half the mutations write two rows and read one more. Their ids are made as a device
 * makes them (newRecordId: in time order, which is what keeps a push's B-tree writes few).
 */
export function makeWorkload(count: number, batchSize: number, categoryId: string, tag: string): Workload {
  const requests: MutationRequest[] = [];
  let lastItem = '';
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      lastItem = newRecordId();
      requests.push({
        id: newRecordId(),
        name: 'createItem',
        args: {
          id: lastItem,
          itemName: `Push bench ${tag} ${i}`,
          barcode: `PB-${tag}-${i}`,
          category: categoryId,
          unitPrice: 1250,
          costPrice: 990.5,
          stockQuantity: 12,
          reorderLevel: 5,
          description: 'Bench item',
        },
      });
    } else {
      requests.push({ id: newRecordId(), name: 'adjustStock', args: { id: newRecordId(), itemId: lastItem, quantity: 2.5, reason: 'received', note: 'Delivery' } });
    }
  }
  const batches: MutationRequest[][] = [];
  for (let i = 0; i < requests.length; i += batchSize) batches.push(requests.slice(i, i + batchSize));
  return { batches };
}

async function adminOf(db: Db): Promise<AuthUser> {
  const user = (await db.$client.prepare(`SELECT id, name, email, role FROM users WHERE role = 'Admin' AND status = 1 ORDER BY createdAt LIMIT 1`).get()) as AuthUser | undefined;
  if (!user) throw new Error('push bench: the database has no active Admin');
  return user;
}

async function liveCategory(db: Db): Promise<string> {
  const row = (await db.$client.prepare('SELECT id FROM categories WHERE deleted = 0 ORDER BY name LIMIT 1').get()) as { id: string } | undefined;
  if (!row) throw new Error('push bench: the database has no category (seed with --categories > 0)');
  return row.id;
}

function summarize(ms: number, count: number, batchMs: number[], cpuMs: number | null, coldPerSecond?: number): PushRun {
  return { ms, perSecond: count / (ms / 1000), cpuMs, batchMedianMs: median(batchMs), batchMaxMs: Math.max(...batchMs), ...(coldPerSecond ? { coldPerSecond } : {}) };
}

function medianRun(runs: PushRun[]): PushRun {
  return [...runs].sort((x, y) => x.perSecond - y.perSecond)[Math.floor((runs.length - 1) / 2)]!;
}

function countRejected(outcomes: MutationOutcome[]): string | null {
  const rejected = outcomes.filter((o) => o.status !== 'applied');
  if (rejected.length === 0) return null;
  const first = rejected[0] as Extract<MutationOutcome, { status: 'rejected' }>;
  return `${rejected.length} mutations rejected, the first: ${first.httpStatus} ${first.message}`;
}

/** One in-process run on a fresh copy of the seeded database file. */
async function runInProcess(config: PushConfig, baseFile: string, file: string, count: number, batchSize: number, tag: string): Promise<PushRun> {
  copyFileSync(baseFile, file);
  const db = await openDb(file); // sets synchronous = NORMAL (or what connection.ts says); the run's setting follows
  try {
    db.$client.pragma(`synchronous = ${config.synchronous}`);
    const set = db.$client.pragma('synchronous', { simple: true });
    const expected = config.synchronous === 'FULL' ? 2 : 1;
    if (set !== expected) throw new Error(`push bench: synchronous is ${set}, wanted ${config.synchronous}`);
    const user = await adminOf(db);
    const { batches } = makeWorkload(count, batchSize, await liveCategory(db), tag);
    const batchMs: number[] = [];
    const outcomes: MutationOutcome[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (const batch of batches) {
      const batchStart = performance.now();
      if (config.transaction === 'batch') outcomes.push(...(await applyBatch(db, user, batch)));
      else for (const request of batch) outcomes.push(await applyMutation(db, user, request));
      batchMs.push(performance.now() - batchStart);
    }
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const problem = countRejected(outcomes);
    if (problem) throw new Error(`push bench (${config.key}): ${problem}`);
    const broken = await checkInvariants(db);
    if (broken.length) throw new Error(`push bench (${config.key}): ${broken.join('; ')}`);
    return summarize(ms, count, batchMs, (cpu.user + cpu.system) / 1000);
  } finally {
    db.$client.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

/** What the built server sets: the pragma as written in dist/server/main.js. */
export function builtServerSynchronous(mainJs: string): string {
  const match = /synchronous\s*=\s*(\w+)/i.exec(readFileSync(mainJs, 'utf8'));
  return match ? match[1]!.toUpperCase() : 'unknown (SQLite default FULL)';
}

/** Servers on one database and what their pushes need: a session, the entries' author and a live category. */
export interface HttpPushTarget {
  /** The running servers (several processes on one PostgreSQL database, issue 46; one on SQLite). */
  servers: RunningServer[];
  /** Devices pushing at once, dealt among the servers in turn; each sends one push after another, as a device does. */
  devices: number;
  token: string;
  authorId: string;
  categoryId: string;
}

/**
 * `count` mutations through POST /api/sync/push, shared among `target.devices` devices pushing at
 * once; first `warmup` mutations to each server, untimed (PushRun.coldPerSecond). The figure is the
 * mutations of all devices over the wall time from the first push to the last answer.
 */
export async function pushThroughHttp(target: HttpPushTarget, count: number, batchSize: number, tag: string, warmup = httpWarmup): Promise<PushRun> {
  const { servers, token, authorId, categoryId } = target;
  const devices = Math.max(1, target.devices);
  const perDevice = Math.floor(count / devices);
  const outcomes: MutationOutcome[] = [];
  const device = (clientId: string, baseUrl: string, batches: MutationRequest[][]) => {
    let seq = 0;
    const bodies = batches.map((batch) =>
      JSON.stringify({ clientId, mutations: batch.map((request) => ({ ...request, clientId, seq: ++seq, createdAt: new Date().toISOString(), authorId })) }),
    );
    return async (batchMs: number[] | null) => {
      for (const body of bodies) {
        const batchStart = performance.now();
        const response = await fetch(`${baseUrl}/api/sync/push`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body });
        const answer = (await response.json()) as { results?: MutationOutcome[]; message?: string };
        if (!response.ok || !answer.results) throw new Error(`push bench (HTTP): ${response.status} ${answer.message}`);
        outcomes.push(...answer.results);
        batchMs?.push(performance.now() - batchStart);
      }
    };
  };
  // Each device's pushes are made (and serialised) before the clock starts.
  const warmups = warmup > 0 ? servers.map((server, i) => device(`bench-${tag}-w${i}`, server.baseUrl, makeWorkload(warmup, batchSize, categoryId, `${tag}w${i}`).batches)) : [];
  const timed = Array.from({ length: devices }, (_, d) =>
    device(`bench-${tag}-${d}`, servers[d % servers.length]!.baseUrl, makeWorkload(perDevice, batchSize, categoryId, `${tag}d${d}`).batches),
  );
  const coldStart = performance.now();
  await Promise.all(warmups.map(async (push) => push(null)));
  const coldPerSecond = warmups.length ? (warmup * warmups.length) / ((performance.now() - coldStart) / 1000) : undefined;
  const batchMs: number[] = [];
  const started = performance.now();
  await Promise.all(timed.map(async (push) => push(batchMs)));
  const ms = performance.now() - started;
  const problem = countRejected(outcomes);
  if (problem) throw new Error(`push bench (HTTP): ${problem}`);
  return summarize(ms, perDevice * devices, batchMs, null, coldPerSecond);
}

/** One run through HTTP: the built server on a fresh copy of the database, one POST per batch, one after another. */
async function runHttp(
  server: { command: string; args: string[]; cwd: string },
  baseFile: string,
  file: string,
  count: number,
  batchSize: number,
  tag: string,
  admin: { email: string; password: string },
): Promise<PushRun> {
  copyFileSync(baseFile, file);
  const probe = await openDb(file);
  const categoryId = await liveCategory(probe);
  const authorId = (await adminOf(probe)).id;
  probe.$client.close();
  const running = await startServer({ ...server, dbFile: file });
  try {
    const token = await login(running.baseUrl, admin.email, admin.password);
    return await pushThroughHttp({ servers: [running], devices: 1, token, authorId, categoryId }, count, batchSize, tag);
  } finally {
    await running.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

export async function measurePushThroughput(options: {
  /** The seeded database (checkpointed and closed): each run works on a fresh copy next to it. */
  baseFile: string;
  directory: string;
  server: { command: string; args: string[]; cwd: string } | null;
  admin: { email: string; password: string };
  mutations?: number;
  runs?: number;
  log: (line: string) => void;
}): Promise<PushReport> {
  const count = options.mutations ?? 5000;
  const runs = options.runs ?? 3;
  const batchSize = pushBatchMax;
  const df = spawnSync('df', ['-hT', options.directory], { encoding: 'utf8' }).stdout.trim();
  const inProcess = new Map(pushConfigs.map((config) => [config.key, [] as PushRun[]]));
  const httpRuns: PushRun[] = [];
  const file = join(options.directory, 'push.sqlite');
  // Runs take turns (a, b, c, HTTP; a, b, c, HTTP; ...) so a change in the machine's load falls on all alike.
  for (let run = 1; run <= runs; run++) {
    for (const config of pushConfigs) {
      const result = await runInProcess(config, options.baseFile, file, count, batchSize, `${config.key}${run}`);
      inProcess.get(config.key)!.push(result);
      options.log(
        `  (${config.key}) run ${run}: ${Math.round(result.perSecond)} mutations/s (${(result.ms / 1000).toFixed(2)} s, CPU ${(result.cpuMs! / 1000).toFixed(2)} s, a batch median ${result.batchMedianMs.toFixed(1)} ms)`,
      );
    }
    if (options.server) {
      const result = await runHttp(options.server, options.baseFile, file, count, batchSize, `http${run}`, options.admin);
      httpRuns.push(result);
      options.log(
        `  (HTTP) run ${run}: ${Math.round(result.perSecond)} mutations/s (${(result.ms / 1000).toFixed(2)} s, a request median ${result.batchMedianMs.toFixed(1)} ms; the first ${httpWarmup} after the server's start: ${Math.round(result.coldPerSecond ?? 0)}/s)`,
      );
    }
  }
  const synchronous = options.server ? builtServerSynchronous(join(options.server.cwd, 'dist/server/main.js')) : '';
  return {
    mutations: count,
    batchSize,
    workload: 'createItem with an opening stock and adjustStock of that item, taking turns',
    directory: options.directory,
    df,
    inProcess: pushConfigs.map((config) => {
      const list = inProcess.get(config.key)!;
      return { key: config.key, label: config.label, runs: list, median: medianRun(list) };
    }),
    http: options.server
      ? {
          key: 'http',
          label: `POST /api/sync/push, built server (applyBatch; synchronous = ${synchronous} as built)`,
          synchronous,
          runs: httpRuns,
          median: medianRun(httpRuns),
        }
      : null,
  };
}
