// Where a new device's first sync spends the page's main thread: a CPU profile (Chrome DevTools
// Protocol) of the login's pull on a seeded shop, summed by function and by file.
//   npx tsx scripts/bench/profile-first-sync.ts [--items 20000] [--customers 10000] [--out /tmp/first-sync.cpuprofile]
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { openDb } from '@server/db/connection';
import { projectRoot } from '@server/project-root';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { seedDatabase } from './seed-data';
import { startServer } from './server-process';

const { values } = parseArgs({
  options: { items: { type: 'string', default: '20000' }, customers: { type: 'string', default: '10000' }, out: { type: 'string' } },
});
const root = projectRoot();
const work = mkdtempSync(join(tmpdir(), 'garage-profile-'));
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
db.$client.close();
const server = await startServer({ command: process.execPath, args: [join(root, 'dist/server/main.js')], cwd: root, dbFile });
const profile = mkdtempSync(join(tmpdir(), 'garage-profile-chromium-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, args: chromiumArgs, viewport: { width: 1280, height: 800 } });
try {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);
  await page.getByLabel('Email', { exact: true }).fill(seeded.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  const serverCpu = () => cpuSeconds(server.process.pid!);
  const browserCpu = () => chromiumCpuSeconds();
  const cpuBefore = { server: serverCpu(), browser: browserCpu() };
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.locator('[data-testid="sync-indicator"].sync-synced').waitFor({ timeout: 600_000 });
  // Synced and no download left.
  await page.waitForFunction(() => !document.body.textContent?.includes('Downloading'), undefined, { timeout: 600_000 });
  const ms = Date.now() - started;
  console.log(
    `CPU during the sync: server ${(serverCpu() - cpuBefore.server).toFixed(1)} s, Chromium (all its processes) ${(browserCpu() - cpuBefore.browser).toFixed(1)} s, in ${(ms / 1000).toFixed(1)} s on ${(await import('node:os')).cpus().length} cores`,
  );
  const { profile: cpu } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  if (values.out) writeFileSync(values.out, JSON.stringify(cpu));
  summarize(cpu, ms);
} finally {
  await context.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

function summarize(cpu: CpuProfile, wallMs: number): void {
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  cpu.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (cpu.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('/').pop() || '(native)';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, ms]) => a + ms, 0);
  console.log(`first sync: ${(wallMs / 1000).toFixed(1)} s wall; main thread sampled ${(total / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s`);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `  ${(ms / 1000).toFixed(2).padStart(7)} s  ${name}`)
      .join('\n');
  console.log('by file:\n' + top(byFile, 12));
  console.log('by function (self time):\n' + top(byFunction, 30));
}

/** user + system CPU seconds of a process and its threads (Linux /proc). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every Chromium process. */
function chromiumCpuSeconds(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) sum += cpuSeconds(Number(pid));
    } catch {
      /* gone */
    }
  }
  return sum;
}
