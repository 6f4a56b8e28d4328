// `npx tsx scripts/bench/first-search.ts [--root <dir with dist/>] [--runs 3]`: the first search after
// Item Inventory and Customers open (a reload with the full mirror on the device), at a big shop's
// catalogue: 50,000 items and 20,000 customers. The bench's `firstSearch` alone, without the rest of
// `npm run bench`. --root measures another build (e.g. an export of main's code built on its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from '@server/db/connection';
import { projectRoot } from '@server/project-root';
import { seedDatabase } from './seed-data';
import { bundleHarness, callInPage, openAppSession } from './app-session';
import type { Timing } from './page-harness';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    items: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '3' },
  },
});
const root = projectRoot();
const appRoot = values.root ?? root;
const log = (line: string) => console.log(line);
const password = 'admin123';

const workDir = mkdtempSync(join(tmpdir(), 'garage-first-search-'));
const dbFile = join(workDir, 'garage.sqlite');
const db = await openDb(dbFile);
const seeded = await seedDatabase(db, {
  items: Number(values.items),
  customers: Number(values.customers),
  categories: 40,
  services: 200,
  jobs: 0,
  seed: 'garage',
  password,
});
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();
log(`Seeded ${seeded.totals.items} items, ${seeded.totals.customers} customers; app from ${appRoot}/dist`);

const session = await openAppSession({
  appRoot,
  dbFile,
  harness: await bundleHarness(root),
  email: seeded.admin.email,
  password,
  syncLimitMs: 600_000,
  log,
});
const { page, server } = session;
const call = async <T>(expression: string) => callInPage<T>(page, expression);
try {
  log(`First sync done in ${(session.syncMs / 1000).toFixed(1)} s; the app left alone 30 s (its idle warm-up)`);
  await page.waitForTimeout(30_000);

  const screens = [
    { screen: 'Items', path: '/inventory/items', first: 'oil', next: 'fil' },
    { screen: 'Customers', path: '/customers', first: 'nimal', next: 'perera' },
  ];
  const type = async (value: string) => call<Timing>(`window.__garageBench.type(${JSON.stringify(value)}, 15000)`);
  const figures: Record<string, { first: number[]; next: number[] }> = {};
  for (let run = 1; run <= Number(values.runs); run++) {
    for (const plan of screens) {
      await page.goto(`${server.baseUrl}${plan.path}`); // a reload: the tab starts again from IndexedDB
      // A function, not a string: the app's CSP forbids eval.
      await page.waitForFunction(() => (window as unknown as { __garageBench?: { tableReady(): boolean } }).__garageBench?.tableReady(), undefined, {
        polling: 'raf',
        timeout: 30_000,
      });
      await page
        .locator('[data-testid="sync-indicator"].sync-synced')
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      const first = await type(plan.first);
      await type('');
      const next = await type(plan.next);
      await type('');
      const entry = (figures[plan.screen] ??= { first: [], next: [] });
      entry.first.push(first.domMs);
      entry.next.push(next.domMs);
      log(
        `  run ${run} ${plan.screen}: first search '${plan.first}' ${first.status} ${first.domMs.toFixed(1)} ms [${first.caption}]; next '${plan.next}' ${next.domMs.toFixed(1)} ms`,
      );
      // The search's own spans since the reload (search/table-index.ts), when the build marks them.
      const spans = await page.evaluate(() =>
        performance
          .getEntriesByType('measure')
          .filter((entry) => entry.name.startsWith('search:'))
          .map((entry) => `${entry.name} at ${entry.startTime.toFixed(0)} ms, ${entry.duration.toFixed(0)} ms`),
      );
      for (const span of spans) log(`    ${span}`);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [screen, { first, next }] of Object.entries(figures)) {
    log(`${screen}: first search median ${median(first).toFixed(0)} ms (${first.map((v) => v.toFixed(0)).join(', ')}); next search median ${median(next).toFixed(0)} ms`);
  }
} finally {
  await session.close();
  rmSync(workDir, { recursive: true, force: true });
}
