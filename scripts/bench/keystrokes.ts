// `npx tsx scripts/bench/keystrokes.ts [--roots <dir>,<dir>] [--runs 3] [--profile <dir>] [--unminified]`:
// the Items and Customers keystrokes alone (the bench's search samples and its query layer), for one or
// more builds side by side on the same seeded shop, their runs alternated (A B, B A, ...) so the other
// work on a 2-core machine weighs on each alike. Each root is a checkout with its own dist/ (built) and
// sources: the screens come from its dist, the query layer from its client/src/search (the page harness
// is bundled from that root), its database seeded by its own code. Issue 22's before/after.
// Other modes: `--query-at-open` (the query layer as soon as the route loads, as the bench measured it
// while its table wait failed), `--probe 300` (one query 300 times: a query's own cost, profiled with
// --profile), `--sync-runs 3` (only the first sync against a raw bulkPut, a fresh device each run).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright';
import { openDb } from '@server/db/connection';
import { projectRoot } from '@server/project-root';
import { seedDatabase } from './seed-data';
import { bundleHarness, callInPage, openAppSession, type AppSession } from './app-session';
import type { Timing } from './page-harness';
import { percentile } from './browser';

const { values } = parseArgs({
  options: {
    roots: { type: 'string' },
    items: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    /** A CPU profile (Chromium's) of each root's first run, written here. */
    profile: { type: 'string' },
    /** The page harness unminified (readable names in a profile). */
    unminified: { type: 'boolean', default: false },
    /** Only each root's first sync against a raw Dexie bulkPut of the same rows (the bench's yardstick), this many times each. */
    'sync-runs': { type: 'string', default: '0' },
    /**
     * The query layer only, started as soon as the screen's route is loaded (no wait for its table,
     * no typing): what the bench measured while its table wait failed (issue 22's first figures).
     */
    'query-at-open': { type: 'boolean', default: false },
    /** One query (the first term's page 1) run this many times on a warm instance, alone and in liveQuery: a query's own cost. */
    probe: { type: 'string', default: '0' },
  },
});
const roots = (values.roots ?? projectRoot()).split(',');
const log = (line: string) => console.log(line);
const password = 'admin123';
const median = (list: number[]) => {
  const sorted = list.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const workDir = mkdtempSync(join(tmpdir(), 'garage-keystrokes-'));
const seedOptions = { items: Number(values.items), customers: Number(values.customers), categories: 40, services: 200, jobs: 0, seed: 'garage', password };

/**
 * Each root's database seeded by that root's own code (its schema and migrations may differ from
 * this checkout's); the seed is deterministic, so every root gets the same shop.
 */
async function seedFor(root: string, file: string): Promise<Awaited<ReturnType<typeof seedDatabase>>> {
  const connection = (await import(join(root, 'server/src/db/connection.ts'))) as { openDb: typeof openDb };
  const seeder = (await import(join(root, 'scripts/bench/seed-data.ts'))) as { seedDatabase: typeof seedDatabase };
  const db = await connection.openDb(file);
  const seeded = await seeder.seedDatabase(db, seedOptions);
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return seeded;
}
const dbFile = join(workDir, 'garage.sqlite');
const seeded = await seedFor(projectRoot(), dbFile);
log(`Seeded ${seeded.totals.items} items, ${seeded.totals.customers} customers`);

// The bench's own terms (scripts/bench.ts) and typed words (scripts/bench/browser.ts).
const screens = [
  {
    screen: 'Items',
    path: '/inventory/items',
    table: 'items',
    pageSize: 50,
    typed: 'brake pad',
    pagedSearch: 'oil',
    terms: ['oil', 'fil', 'brake pad', seeded.samples.barcodes[0] ?? '479', 'b', 'toyota axio', 'castrol 5w', 'xyzzy'],
  },
  {
    screen: 'Customers',
    path: '/customers',
    table: 'customers',
    pageSize: 25,
    typed: 'nimal per',
    pagedSearch: 'perera',
    terms: ['nimal', 'perera', '0771', seeded.samples.phones[0] ?? '077', seeded.samples.plates[0] ?? 'CAB', 'k', 'nimal per', 'gmail'],
  },
];

interface Device extends AppSession {
  root: string;
}

const call = async <T>(page: Page, expression: string): Promise<T> => callInPage<T>(page, expression);

/** A server on a copy of the seeded file, a browser profile, a login and the whole first sync. */
async function openDevice(root: string, index: number): Promise<Device> {
  const copy = join(workDir, `device-${index}.sqlite`);
  if (root === projectRoot()) copyFileSync(dbFile, copy);
  else await seedFor(root, copy);
  const harness = await bundleHarness(root, { minify: !values.unminified });
  const session = await openAppSession({
    appRoot: root,
    dbFile: copy,
    harness,
    email: seeded.admin.email,
    password,
    syncLimitMs: 900_000,
    log: (line) => log(`[${root}]${line}`),
  });
  log(`[${root}] first sync ${(session.syncMs / 1000).toFixed(1)} s`);
  return { ...session, root };
}

interface RunFigures {
  /** Keystrokes on the screen: input event → the table's DOM shows the new results. */
  screen: number[];
  /** The bench's query layer (queryPage on the harness's second Dexie instance): each term's page 1 inside liveQuery, and alone. */
  searchQuery: number[];
  direct: number[];
  /** ... pages 2 and last of '' and of the paged search, inside liveQuery. */
  pageQuery: number[];
  /** Each screen keystroke's main-thread tasks over 50 ms (the harness's longTaskMs). */
  longTasks: number[];
}

/**
 * The bench's query layer (browser.ts, measureQueries): a cold start on the harness's own Dexie
 * instance, then each term's first page and two pages (2 and the last) of '' and a paged search;
 * a figure is the median of 5 runs inside liveQuery, as the bench's summary takes it.
 */
async function queryLayer(page: Page, plan: (typeof screens)[number], figures: RunFigures): Promise<RunFigures> {
  const query = async (search: string, pageNo: number, repeats: number) =>
    call<{ direct: number[]; live: number[]; total: number }>(
      page,
      `window.__garageBench.query(${JSON.stringify({ table: plan.table, search, page: pageNo, pageSize: plan.pageSize })}, ${repeats})`,
    );
  await call(page, `window.__garageBench.coldStart(${JSON.stringify({ table: plan.table, search: '', page: 1, pageSize: plan.pageSize })})`);
  for (const search of plan.terms) {
    const result = await query(search, 1, 5);
    figures.searchQuery.push(median(result.live));
    figures.direct.push(median(result.direct));
  }
  for (const search of ['', plan.pagedSearch]) {
    const total = (await query(search, 1, 0)).total;
    for (const pageNo of [2, Math.max(1, Math.ceil(total / plan.pageSize))]) figures.pageQuery.push(median((await query(search, pageNo, 5)).live));
  }
  return figures;
}

/** The first term's page 1, `--probe` times over, after a cold start and a settle; profiled if asked. */
async function probe(page: Page, plan: (typeof screens)[number], figures: RunFigures, profile: CDPSession | null, rootIndex: number): Promise<RunFigures> {
  await page.waitForFunction(() => (window as unknown as { __garageBench?: { tableReady(): boolean } }).__garageBench?.tableReady(), undefined, {
    polling: 'raf',
    timeout: 30_000,
  });
  await call(page, `window.__garageBench.coldStart(${JSON.stringify({ table: plan.table, search: '', page: 1, pageSize: plan.pageSize })})`);
  await page.waitForTimeout(4000); // past the snapshot's count check (search/tuning.ts, snapshotCheckMs)
  if (profile) await profile.send('Profiler.start');
  const result = await call<{ direct: number[]; live: number[] }>(
    page,
    `window.__garageBench.query(${JSON.stringify({ table: plan.table, search: plan.terms[0], page: 1, pageSize: plan.pageSize })}, ${Number(values.probe)})`,
  );
  if (profile) {
    const { profile: cpu } = (await profile.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(join(values.profile!, `probe-${plan.table}-${rootIndex}.cpuprofile`), JSON.stringify(cpu));
  }
  figures.direct.push(...result.direct);
  figures.searchQuery.push(...result.live);
  const mean = (list: number[]) => list.reduce((sum, v) => sum + v, 0) / list.length;
  log(`  probe '${plan.terms[0]}' x${result.direct.length}: direct mean ${mean(result.direct).toFixed(2)} ms, liveQuery mean ${mean(result.live).toFixed(2)} ms`);
  return figures;
}

async function measure(device: Device, plan: (typeof screens)[number], profile: CDPSession | null): Promise<RunFigures> {
  const { page } = device;
  await page.goto(`${device.server.baseUrl}${plan.path}`);
  const figures: RunFigures = { screen: [], searchQuery: [], direct: [], pageQuery: [], longTasks: [] };
  if (values['query-at-open']) return queryLayer(page, plan, figures);
  if (Number(values.probe) > 0) return probe(page, plan, figures, profile, roots.indexOf(device.root));
  await page.waitForFunction(() => (window as unknown as { __garageBench?: { tableReady(): boolean } }).__garageBench?.tableReady(), undefined, {
    polling: 'raf',
    timeout: 30_000,
  });
  await page
    .locator('[data-testid="sync-indicator"].sync-synced')
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  const type = async (value: string, timeout = 3000) => call<Timing>(page, `window.__garageBench.type(${JSON.stringify(value)}, ${timeout})`);
  // As the bench: a first search, a pause for the screen's index, one more warm-up search; none counted.
  await type(plan.terms[0]!);
  await type('');
  await page.waitForTimeout(3000);
  await type(plan.terms[0]!);
  await type('');
  if (profile) await profile.send('Profiler.start');
  const keep = (label: string, timing: Timing) => {
    if (timing.status !== 'changed') return;
    figures.screen.push(timing.domMs);
    figures.longTasks.push(timing.longTaskMs);
    // Issue 47's goal is every keystroke under 50 ms: say which ones were not, with their long tasks.
    if (timing.domMs >= 50) log(`  [${plan.screen}] ${label}: ${timing.domMs.toFixed(0)} ms (long tasks ${timing.longTaskMs.toFixed(0)} ms)`);
  };
  for (const term of plan.terms) {
    keep(`'' → '${term}'`, await type(term));
    keep(`'${term}' → ''`, await type(''));
  }
  for (let i = 1; i <= plan.typed.length; i++) keep(`typing '${plan.typed.slice(0, i)}'`, await type(plan.typed.slice(0, i), 1000));
  await type('');
  // What the page did meanwhile: the search's own spans (search/table-index.ts) and the pulls.
  const spans = await page.evaluate(() => [
    ...performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('search:'))
      .map((entry) => `${entry.name} at ${entry.startTime.toFixed(0)} ms, ${entry.duration.toFixed(0)} ms`),
    `${performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/sync/pull')).length} pull requests`,
  ]);
  log(`  [${plan.screen}] ${spans.join('; ')}`);
  await queryLayer(page, plan, figures);
  if (profile) {
    const { profile: cpu } = (await profile.send('Profiler.stop')) as { profile: unknown };
    const file = join(values.profile!, `${plan.table}-${roots.indexOf(device.root)}.cpuprofile`);
    writeFileSync(file, JSON.stringify(cpu));
    log(`  CPU profile: ${file}`);
  }
  return figures;
}

async function closeDevice(device: Device): Promise<void> {
  await device.close();
}

// --sync-runs: a fresh device per run (roots alternated), its first sync against a raw bulkPut.
if (Number(values['sync-runs']) > 0) {
  const ratios = new Map<string, number[]>();
  try {
    for (let run = 1; run <= Number(values['sync-runs']); run++) {
      for (const [index, root] of (run % 2 ? roots : [...roots].reverse()).entries()) {
        const device = await openDevice(root, index);
        try {
          const raw = await call<{ rows: number; ms: number }>(device.page, 'window.__garageBench.rawBulkPut(500)');
          const ratio = device.syncMs / raw.ms;
          ratios.set(root, [...(ratios.get(root) ?? []), ratio]);
          log(`run ${run} ${root}: first sync ${(device.syncMs / 1000).toFixed(1)} s, raw bulkPut of ${raw.rows} rows ${(raw.ms / 1000).toFixed(1)} s: ${ratio.toFixed(2)}×`);
        } finally {
          await closeDevice(device);
        }
      }
    }
    for (const [root, list] of ratios) log(`${root}: first sync / raw bulkPut ${list.map((r) => r.toFixed(2)).join(', ')} (median ${median(list).toFixed(2)}×)`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const devices: Device[] = [];
try {
  for (const [index, root] of roots.entries()) devices.push(await openDevice(root, index));
  log('Every device synced; left alone 30 s (their indexes are built and saved)');
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  const all = new Map<string, RunFigures>();
  for (let run = 1; run <= Number(values.runs); run++) {
    const order = run % 2 ? devices : [...devices].reverse();
    for (const device of order) {
      for (const plan of screens) {
        const profile = values.profile && run === 1 ? await device.context.newCDPSession(device.page) : null;
        if (profile) await profile.send('Profiler.enable');
        const figures = await measure(device, plan, profile);
        await profile?.detach();
        const key = `${device.root} ${plan.screen}`;
        const sum = all.get(key) ?? { screen: [], searchQuery: [], direct: [], pageQuery: [], longTasks: [] };
        sum.screen.push(...figures.screen);
        sum.searchQuery.push(...figures.searchQuery);
        sum.direct.push(...figures.direct);
        sum.pageQuery.push(...figures.pageQuery);
        sum.longTasks.push(...figures.longTasks);
        all.set(key, sum);
        log(
          `run ${run} ${key} (load ${loadavg()[0]!.toFixed(1)}): screen keystroke median ${median(figures.screen).toFixed(1)} ms (${figures.screen.length}; ` +
            `95th ${percentile(figures.screen, 95).toFixed(0)} ms, max ${Math.max(...figures.screen).toFixed(0)} ms, long tasks ${figures.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms in all); ` +
            `search query ${median(figures.searchQuery).toFixed(1)} ms (direct ${median(figures.direct).toFixed(1)} ms), page query ${median(figures.pageQuery).toFixed(1)} ms`,
        );
      }
    }
  }
  log('\nAll runs:');
  for (const [key, figures] of all) {
    log(
      `${key}: screen keystroke median ${median(figures.screen).toFixed(1)} ms (n=${figures.screen.length}, 95th ${percentile(figures.screen, 95).toFixed(0)} ms, max ${Math.max(...figures.screen).toFixed(0)} ms, long tasks ${figures.longTasks.reduce((a, b) => a + b, 0).toFixed(0)} ms); search query ${median(figures.searchQuery).toFixed(1)} ms (direct ${median(figures.direct).toFixed(1)} ms), page query ${median(figures.pageQuery).toFixed(1)} ms`,
    );
  }
} finally {
  for (const device of devices) await closeDevice(device);
  rmSync(workDir, { recursive: true, force: true });
}
