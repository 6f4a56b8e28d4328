// A CPU profile of the dashboard opening on a logged-in device (issue 25), in Chromium with a 4x
// slower CPU: the long tasks and the functions that make them, by self time. On the built app
// (build with `sourcemap: true` to read the names) and a small shop seeded as lighthouse.ts does:
//   npx tsx scripts/bench/profile-dashboard.ts [--port 4670] [--out /tmp/dash.cpuprofile] [--ms 12000]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { openDb } from '@server/db/connection';
import { projectRoot } from '@server/project-root';
import { seedDatabase } from './seed-data';
import { startServer } from './server-process';
import { frameNamer } from './cpu-profile-names';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4670' },
    out: { type: 'string', default: '/tmp/dash.cpuprofile' },
    ms: { type: 'string', default: '12000' },
    cold: { type: 'boolean', default: false },
  },
});
const root = projectRoot();
const workDir = mkdtempSync(join(tmpdir(), 'garage-dash-profile-'));
const dbFile = join(workDir, 'garage.sqlite');
const db = await openDb(dbFile);
await seedDatabase(db, { items: 2000, customers: 1000, categories: 40, services: 200, jobs: 500, seed: 'garage', password: 'admin123', adminEmail: 'admin@garage.lk' });
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();
const server = await startServer({ command: process.execPath, args: [join(root, 'dist/server/main.js')], cwd: root, dbFile, port: Number(values.port) });
const profileDir = mkdtempSync(join(tmpdir(), 'garage-dash-chrome-'));
const context = await chromium.launchPersistentContext(profileDir, { executablePath: chromiumPath, args: chromiumArgs, headless: true, viewport: { width: 412, height: 823 } });
try {
  const login = await context.newPage();
  await login.goto(`${server.baseUrl}/`);
  await login.getByLabel('Email', { exact: true }).fill('admin@garage.lk');
  await login.getByLabel('Password', { exact: true }).fill('admin123');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await login.waitForURL('**/dashboard');
  await login.locator('[data-testid="sync-indicator"].sync-synced').waitFor({ timeout: 600_000 });
  await login.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const syncState = await login
    .evaluate(async () => {
      const open = indexedDB.open('garage');
      const idb: IDBDatabase = await new Promise((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const rows: unknown[] = await new Promise((resolve) => {
        const r = idb.transaction('syncState').objectStore('syncState').getAll();
        r.onsuccess = () => resolve(r.result);
      });
      idb.close();
      return rows;
    })
    .catch((error: unknown) => String(error));
  console.log('sync state after login:', JSON.stringify(syncState).slice(0, 1500));
  await login.goto('about:blank');
  await login.close();

  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __tasks: typeof tasks }).__tasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  page.on('response', (response) => {
    if (!response.url().includes('/api/')) return;
    void response
      .text()
      .then((body) =>
        console.log(
          `${Math.round(performance.now())} ${response.status()} ${response.url().replace(server.baseUrl, '').slice(0, 160)} ${body.length} bytes, ${(body.match(/"table":/g) ?? []).length} changes`,
        ),
      )
      .catch(() => undefined);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.locator('[data-loaded="true"]').waitFor({ timeout: 60_000 });
  const loadedAt = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForTimeout(Number(values.ms));
  const { profile } = await cdp.send('Profiler.stop');
  const tasks = await page.evaluate(() => (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks);
  writeFileSync(values.out!, JSON.stringify(profile));
  console.log(`data-loaded at ${loadedAt} ms; long tasks (start+duration ms): ${tasks.map((t) => `${t.start}+${t.duration}`).join(' ')}`);
  console.log(`blocking (sum of duration-50): ${tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0)} ms`);

  // Self time by function, its original name and file through the build's source maps.
  const nameOf = frameNamer(root, server.baseUrl);
  const nodes = profile.nodes;
  const samples = profile.samples ?? [];
  const dt = (profile.endTime - profile.startTime) / 1000 / Math.max(1, samples.length);
  const hits = new Map<number, number>();
  for (const id of samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of nodes) {
    const n = hits.get(node.id) ?? 0;
    if (!n) continue;
    const { key, file } = nameOf(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + n * dt);
    byFile.set(file, (byFile.get(file) ?? 0) + n * dt);
  }
  // Each stretch of 50 ms or more without idle samples (a long task, as the page saw it): the code
  // that made it, by self time, and the app's own functions on its stacks (inclusive).
  const parentOf = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nodeById = new Map(nodes.map((node) => [node.id, node]));
  const deltas = profile.timeDeltas ?? [];
  let at = 0;
  let stretch: { start: number; ids: number[] } | null = null;
  const stretches: { start: number; ms: number; ids: number[] }[] = [];
  for (let i = 0; i < samples.length; i += 1) {
    at += (deltas[i] ?? 0) / 1000;
    const idle = nodeById.get(samples[i]!)?.callFrame.functionName === '(idle)';
    if (!idle) {
      stretch ??= { start: at, ids: [] };
      stretch.ids.push(samples[i]!);
    } else if (stretch) {
      if (at - stretch.start >= 50) stretches.push({ start: stretch.start, ms: at - stretch.start, ids: stretch.ids });
      stretch = null;
    }
  }
  for (const busy of stretches) {
    const own = new Map<string, number>();
    const onStack = new Map<string, number>();
    for (const id of busy.ids) {
      const key = nameOf(nodeById.get(id)!.callFrame).key;
      own.set(key, (own.get(key) ?? 0) + dt);
      const seen = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
        const named = nameOf(nodeById.get(n)!.callFrame);
        if (!named.file.startsWith('client/') && !named.file.startsWith('shared/')) continue;
        if (seen.has(named.key)) continue;
        seen.add(named.key);
        onStack.set(named.key, (onStack.get(named.key) ?? 0) + dt);
      }
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([k, v]) => `${v.toFixed(0)} ${k}`)
        .join(' | ');
    console.log(`\nbusy at ${busy.start.toFixed(0)} ms for ${busy.ms.toFixed(0)} ms\n  self: ${top(own, 6)}\n  app on stack: ${top(onStack, 8)}`);
  }

  console.log('\nself by file (ms, 4x)');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
  console.log('\nself by function (ms, 4x)');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 50)) console.log(`${v.toFixed(0).padStart(7)}  ${k}`);
} finally {
  await context.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
