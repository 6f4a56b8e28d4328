// `npx tsx scripts/bench/first-sync.ts [--items 50000] [--customers 20000] [--runs 3] [--roots <dir>,<dir>] [--profile <dir>]`:
// a new tablet's first sync alone, as `npm run bench` takes it (issue 47's goals: usable < 3 s, the
// whole sync ≤ 1.2× a raw bulkPut of the same rows), a fresh browser profile each run on one seeded
// server, each run's steps printed with the load average. --profile keeps a CPU profile of each run's
// page (Chrome DevTools Protocol) from the login click to the end of the sync. --roots: builds side by
// side (each a checkout with its own dist/), each on its own server and copy of the shop, their runs
// alternated (A B, B A, ...) so the machine's other work weighs on each alike.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { openDb } from '@server/db/connection';
import { projectRoot } from '@server/project-root';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { seedDatabase } from './seed-data';
import { startServer } from './server-process';
import { bundleHarness, callInPage } from './app-session';
import { measureUsable, usableLines } from './usable';
import { median } from './browser';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
    profile: { type: 'string' },
    roots: { type: 'string' },
    'no-raw-put': { type: 'boolean', default: false },
  },
});
const root = projectRoot();
const log = (line: string) => console.log(line);
const work = mkdtempSync(join(tmpdir(), 'garage-first-sync-'));
const dbFile = join(work, 'garage.sqlite');
const db = await openDb(dbFile);
const seeded = await seedDatabase(db, {
  items: Number(values.items),
  customers: Number(values.customers),
  categories: 40,
  services: 200,
  jobs: 0,
  seed: 'garage',
  password: 'admin123',
});
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();
const roots = values.roots ? values.roots.split(',') : [root];
const servers = new Map<string, Awaited<ReturnType<typeof startServer>>>();
for (const [index, appRoot] of roots.entries()) {
  const copy = join(work, `garage-${index}.sqlite`);
  copyFileSync(dbFile, copy);
  servers.set(appRoot, await startServer({ command: process.execPath, args: [join(appRoot, 'dist/server/main.js')], cwd: appRoot, dbFile: copy }));
}
const harness = await bundleHarness(root);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const figuresOf = new Map(roots.map((each) => [each, { usable: [] as number[], sync: [] as number[], raw: [] as number[], ratio: [] as number[] }]));
try {
  for (let turn = 0; turn < Number(values.runs) * roots.length; turn++) {
    const run = Math.floor(turn / roots.length) + 1;
    const order = run % 2 ? roots : [...roots].reverse();
    const appRoot = order[turn % roots.length]!;
    const server = servers.get(appRoot)!;
    const figures = figuresOf.get(appRoot)!;
    const profileDir = mkdtempSync(join(tmpdir(), 'garage-first-sync-profile-'));
    const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumPath, args: chromiumArgs, viewport: { width: 1280, height: 800 } });
    try {
      const loadBefore = load();
      await context.addInitScript({ content: harness });
      const page = await context.newPage();
      page.on('pageerror', (error) => log(`  page error: ${error.message}`));
      await page.goto(`${server.baseUrl}/`);
      await page.getByLabel('Email', { exact: true }).fill(seeded.admin.email);
      await page.getByLabel('Password', { exact: true }).fill('admin123');
      const cdp = values.profile ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const clickedAt = Date.now();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      const usable = await measureUsable(page, clickedAt, 'oil', 'nimal');
      for (;;) {
        const state = await callInPage<Record<string, string>>(page, 'window.__garageBench.syncState()');
        if (state.lastSyncAt && Date.parse(state.lastSyncAt) >= clickedAt && !state.download && !state.priorityCursor) {
          figures.sync.push(Date.parse(state.lastSyncAt) - clickedAt);
          break;
        }
        await page.waitForTimeout(100);
      }
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
        writeFileSync(join(values.profile!, `first-sync-${roots.indexOf(appRoot)}-${run}.cpuprofile`), JSON.stringify(profile));
      }
      figures.usable.push(usable.usableMs);
      const syncMs = figures.sync.at(-1)!;
      let rawLine = '';
      if (!values['no-raw-put']) {
        const raw = await callInPage<{ rows: number; ms: number }>(page, 'window.__garageBench.rawBulkPut(500)');
        figures.raw.push(raw.ms);
        figures.ratio.push(syncMs / raw.ms);
        rawLine = `, raw bulkPut of ${raw.rows} rows ${(raw.ms / 1000).toFixed(1)} s: ${(syncMs / raw.ms).toFixed(2)}×`;
      }
      log(
        `run ${run}${roots.length > 1 ? ` ${appRoot}` : ''} (load ${loadBefore} → ${load()}): usable ${(usable.usableMs / 1000).toFixed(2)} s, first sync ${(syncMs / 1000).toFixed(1)} s${rawLine}`,
      );
      for (const line of usableLines(usable)) log(`    ${line}`);
    } finally {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  }
  const spread = (list: number[], unit: (v: number) => string) => `median ${unit(median(list))} (${list.map(unit).join(', ')})`;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const [appRoot, figures] of figuresOf) {
    log(`${appRoot}: usable ${spread(figures.usable, s)}`);
    log(`${appRoot}: first sync ${spread(figures.sync, s)}`);
    if (figures.ratio.length) log(`${appRoot}: first sync / raw bulkPut ${spread(figures.ratio, (r) => `${r.toFixed(2)}×`)}`);
  }
} finally {
  for (const server of servers.values()) await server.stop();
  rmSync(work, { recursive: true, force: true });
}
