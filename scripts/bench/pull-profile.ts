// Issue 46, "Speed": where a pull page of 1,000 rows spends its time, in this process, on SQLite and
// on PostgreSQL: each stage (the page's queries, the reader, the role projection, JSON, gzip) and each
// query, timed over several pages, with the CPU this process used. Wall time through HTTP on a busy
// machine mixes in others' work; this shows the server's own.
//   npx tsx scripts/bench/pull-profile.ts [--pg-url postgres://…] [--mutations 4000] [--runs 15]
// --pg-url (or PG_TEST_URL): a server whose user may create databases; one is made and dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { closeDb, openDatabase, openDb, type Db } from '@server/db/connection';
import { inSnapshot } from '@server/db/prepared';
import { applyBatch } from '@server/sync/apply-mutation';
import { pullChanges } from '@server/sync/pull';
import { readerOf } from '@server/sync/reader';
import { pullPageFor } from '@server/sync/project-for-role';
import { createApp } from '@server/app';
import { LoginThrottle } from '@server/auth/login-throttle';
import { pushBatchMax } from '@shared/sync/messages';
import { median } from './browser';
import { makeWorkload } from './push-throughput';
import { seedAdminAndCategory } from './seed-admin';
import { makePgDatabase } from './engines';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const pgUrl = option('pg-url') ?? process.env.PG_TEST_URL;
const mutations = Number(option('mutations') ?? 4000);
const runs = Number(option('runs') ?? 15);

const pgDatabase = (adminUrl: string) => makePgDatabase(adminUrl, 'garage_pullprof');

/** Every statement's wall time by its table, counted while `counting` is on (SQLite's statements and pg's queries). */
const perQuery = new Map<string, { n: number; ms: number }>();
let counting = false;
function note(text: string, ms: number) {
  if (!counting) return;
  const table = /from "([^"]+)"/i.exec(text)?.[1] ?? text.slice(0, 30);
  const entry = perQuery.get(table) ?? { n: 0, ms: 0 };
  entry.n++;
  entry.ms += ms;
  perQuery.set(table, entry);
}
function watchPg() {
  const prototype = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...a: unknown[]) {
    const first = a[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
    const started = performance.now();
    const result = original.apply(this, a);
    return result instanceof Promise ? result.finally(() => note(text, performance.now() - started)) : result;
  };
}

async function profile(label: string, db: Db) {
  const { adminId, categoryId, token } = await seedAdminAndCategory(db);
  const user = { id: adminId, name: 'Bench Admin', email: 'bench@garage.local', role: 'Admin' as const };
  for (const batch of makeWorkload(mutations, pushBatchMax, categoryId, 'pp').batches)
    await applyBatch(
      db,
      user,
      batch.map((request) => ({ ...request, clientId: 'bench-profile', createdAt: new Date().toISOString() })),
    );
  const app = createApp({ db, config: { TOKEN_TTL_HOURS: 24 }, throttle: new LoginThrottle() });
  const stages: Record<string, number[]> = { snapshot: [], reader: [], project: [], json: [], gzip: [], stagesTotal: [], appRequest: [], appRequestGzip: [], cpuPerPage: [] };
  let bytes = 0;
  let gzBytes = 0;
  for (let run = -2; run < runs; run++) {
    counting = run >= 0;
    const t0 = performance.now();
    const page = await inSnapshot(db, (tx) => pullChanges(tx, '', 1000, undefined, false, undefined));
    const t1 = performance.now();
    const reader = await readerOf(db, user, undefined, undefined);
    const t2 = performance.now();
    const projected = pullPageFor(page, reader, false);
    const t3 = performance.now();
    const text = JSON.stringify(projected);
    const t4 = performance.now();
    const gz = gzipSync(text);
    const t5 = performance.now();
    counting = false;
    const cpu = process.cpuUsage();
    const a0 = performance.now();
    const plain = await app.request(`/api/sync/pull?since=&limit=1000`, { headers: { authorization: `Bearer ${token}` } });
    const body = await plain.text();
    const a1 = performance.now();
    const used = process.cpuUsage(cpu);
    const zipped = await app.request(`/api/sync/pull?since=&limit=1000`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate' },
    });
    await zipped.arrayBuffer();
    const a2 = performance.now();
    if (run < 0) continue;
    if ((JSON.parse(body) as { changes: unknown[] }).changes.length !== 1000) throw new Error(`${label}: not 1,000 rows`);
    bytes = text.length;
    gzBytes = gz.length;
    stages.snapshot!.push(t1 - t0);
    stages.reader!.push(t2 - t1);
    stages.project!.push(t3 - t2);
    stages.json!.push(t4 - t3);
    stages.gzip!.push(t5 - t4);
    stages.stagesTotal!.push(t5 - t0);
    stages.appRequest!.push(a1 - a0);
    stages.appRequestGzip!.push(a2 - a1);
    stages.cpuPerPage!.push((used.user + used.system) / 1000);
  }
  console.log(`${label}: ${runs} pages of 1,000 rows (${(bytes / 1024).toFixed(0)} KB JSON, ${(gzBytes / 1024).toFixed(0)} KB gzipped), load ${loadavg()[0]!.toFixed(2)}`);
  for (const [stage, values] of Object.entries(stages))
    console.log(
      `  ${stage.padEnd(16)} median ${median(values).toFixed(2).padStart(7)} ms  min ${Math.min(...values)
        .toFixed(2)
        .padStart(7)}`,
    );
  const queries = [...perQuery.entries()].sort((x, y) => y[1].ms - x[1].ms);
  const total = queries.reduce((sum, [, q]) => sum + q.n, 0) / runs;
  console.log(`  statements a page: ${total.toFixed(1)}; the costliest (ms a page):`);
  for (const [table, q] of queries.slice(0, 6)) console.log(`    ${table.padEnd(28)} ${(q.ms / runs).toFixed(2)} ms, ${(q.n / runs).toFixed(1)} a page`);
  perQuery.clear();
}

async function main() {
  console.log(
    `load at the start ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')}`,
  );
  const directory = mkdtempSync(join(tmpdir(), 'garage-pullprof-'));
  const sqlite = await openDb(join(directory, 'garage.sqlite'));
  // SQLite's statements run inside better-sqlite3's calls: time them through its Statement.
  const Statement = Object.getPrototypeOf(sqlite.$client.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = Statement[method]!;
    Statement[method] = function (this: { source: string }, ...a: unknown[]) {
      const started = performance.now();
      const result = original.apply(this, a);
      note(this.source, performance.now() - started);
      return result;
    };
  }
  try {
    await profile('SQLite', sqlite);
  } finally {
    await closeDb(sqlite);
    rmSync(directory, { recursive: true, force: true });
  }
  if (!pgUrl) return;
  watchPg();
  const database = await pgDatabase(pgUrl);
  try {
    const db = await openDatabase({ DB_FILE: ':memory:', DATABASE_URL: database.url });
    try {
      await profile('PostgreSQL', db);
    } finally {
      await closeDb(db);
    }
  } finally {
    await database.drop();
  }
}

await main();
