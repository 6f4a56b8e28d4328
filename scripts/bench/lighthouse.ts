// Lighthouse 12.8, mobile (its default: a Moto G Power's screen, slow 4G and a 4x slower CPU,
// simulated), on the BUILT app: the login page as a first visit, then /dashboard once logged in
// (issue 11: performance >= 0.95, accessibility and best practices 1.0).
//
// In `npm run bench` (scripts/bench.ts, `--no-lighthouse` skips it) it runs against the bench's
// server and its big shop. Alone, against the built app on a fresh database of its own:
//   npx tsx scripts/bench/lighthouse.ts [--runs 3] [--reports <dir>] [--port 4640]
//   npx tsx scripts/bench/lighthouse.ts --url http://127.0.0.1:8080 --email a@b --password x
// Each run's FCP, LCP, TBT and CLS are printed; LH_RUNS_DIR=<dir> also keeps every run's JSON there
// (its long-tasks and bootup-time audits say which script a bad run's blocking time came from).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { categoryIds, fmtScore, lighthouseLines, lighthouseMet, renderLighthouse, type CategoryId, type LighthousePage, type LighthouseReport } from './lighthouse-report';

export interface LighthouseOptions {
  baseUrl: string;
  email: string;
  password: string;
  log: (line: string) => void;
  /** Lighthouse runs per page; the median by performance score is reported. */
  runs?: number;
  /** Writes each page's median run as an HTML report here. */
  reportDir?: string;
  /** How long the login's first sync may take (a big shop's mirror). */
  syncTimeoutMs?: number;
}

const metricIds = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndex: 'speed-index',
} as const;

function summarize(name: LighthousePage['name'], lhr: Result, runs: number[]): LighthousePage {
  const audit = (id: string) => lhr.audits[id]!;
  const scores = Object.fromEntries(categoryIds.map((id) => [id, lhr.categories[id]?.score ?? null])) as Record<CategoryId, number | null>;
  const metrics = Object.fromEntries(Object.entries(metricIds).map(([key, id]) => [key, audit(id).numericValue ?? NaN])) as LighthousePage['metrics'];

  const performance = lhr.categories.performance!;
  const totalWeight = performance.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
  const metricCosts = performance.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const a = audit(ref.id);
      return { id: ref.id, title: a.title, displayValue: a.displayValue, lost: (100 * ref.weight * (1 - (a.score ?? 0))) / totalWeight };
    })
    .filter((cost) => cost.lost >= 0.5)
    .sort((a, b) => b.lost - a.lost);

  const opportunities = performance.auditRefs
    .filter((ref) => ref.weight === 0 && ref.group !== 'hidden')
    .map((ref) => audit(ref.id))
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      const details = a.details as { overallSavingsMs?: number } | undefined;
      const savings = Math.max(details?.overallSavingsMs ?? 0, a.metricSavings?.LCP ?? 0, a.metricSavings?.FCP ?? 0, a.metricSavings?.TBT ?? 0);
      return { id: a.id, title: a.title, displayValue: a.displayValue, savingsMs: savings, opportunity: details && 'overallSavingsMs' in details };
    })
    // An opportunity that saves nothing in the simulation (a small stylesheet the script waits for anyway) is noise.
    .filter((o) => !o.opportunity || o.savingsMs > 0 || /KiB/.test(o.displayValue ?? ''))
    .map(({ opportunity: _, ...o }) => o)
    .sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0));

  const failing = (['accessibility', 'best-practices'] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .map((ref) => audit(ref.id))
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1)
      .map((a) => ({ category, id: a.id, title: a.title, displayValue: a.displayValue })),
  );

  const lcpDetails = audit('largest-contentful-paint-element')?.details as { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] } | undefined;
  const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node;
  return {
    name,
    url: lhr.finalDisplayedUrl,
    runs,
    scores,
    metrics,
    metricCosts,
    opportunities,
    failing,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} ${lcpNode.snippet ?? ''}`.trim() : undefined,
  };
}

async function audit(
  port: number,
  name: LighthousePage['name'],
  url: string,
  flags: Flags,
  options: LighthouseOptions,
  beforeEachRun?: () => Promise<void>,
): Promise<{ page: LighthousePage; version: string }> {
  const results: { lhr: Result; html: string }[] = [];
  for (let run = 0; run < (options.runs ?? 3); run++) {
    await beforeEachRun?.();
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: [...categoryIds],
      ...flags,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    results.push({ lhr: result.lhr, html: result.report as string });
    const runsDir = process.env.LH_RUNS_DIR;
    if (runsDir) writeFileSync(join(runsDir, `${name}-${run + 1}.json`), JSON.stringify(result.lhr));
    // Each run's figures, so a run far from the others says which metric moved.
    const figure = (id: string) => result.lhr.audits[id]?.displayValue ?? '?';
    options.log(
      `    ${name} run ${run + 1}: performance ${fmtScore(result.lhr.categories.performance?.score ?? null)} (FCP ${figure(metricIds.fcp)}, LCP ${figure(metricIds.lcp)}, TBT ${figure(metricIds.tbt)}, CLS ${figure(metricIds.cls)})`,
    );
  }
  const sorted = [...results].sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const page = summarize(
    name,
    median.lhr,
    results.map((r) => r.lhr.categories.performance?.score ?? 0),
  );
  if (options.reportDir) {
    mkdirSync(options.reportDir, { recursive: true });
    page.reportFile = join(options.reportDir, `lighthouse-${name}.html`);
    writeFileSync(page.reportFile, median.html);
    writeFileSync(join(options.reportDir, `lighthouse-${name}.json`), JSON.stringify(median.lhr));
  }
  return { page, version: median.lhr.lighthouseVersion };
}

/** Logs in through the app's own form in the Chromium Lighthouse drives, and waits for the first sync. */
async function logIn(port: number, options: LighthouseOptions): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${options.baseUrl}/`);
    await page.getByLabel('Email', { exact: true }).fill(options.email);
    await page.getByLabel('Password', { exact: true }).fill(options.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.locator('[data-testid="sync-indicator"].sync-synced').waitFor({ timeout: options.syncTimeoutMs ?? 600_000 });
    // The service worker controls the app from here, as on a device that has been used.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close(); // over CDP: disconnects, the browser and its profile stay
  }
}

/** Unregisters the origin's service worker and empties its caches and the HTTP cache; local storage and IndexedDB stay. */
async function emptyCaches(port: number, baseUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'service_workers,cache_storage' });
    await session.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Debian's Chromium, headless, with a DevTools port of its own (read from its profile) for Lighthouse and Playwright. */
async function launchChromium(profile: string): Promise<{ port: number; kill: () => Promise<void> }> {
  const child = spawn(chromiumPath, ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...chromiumArgs, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    try {
      process.kill(-child.pid!, 'SIGKILL'); // its own process group: the browser and its helpers
    } catch {
      /* already gone */
    }
    await exited;
  };
  process.once('exit', () => void kill());
  const file = join(profile, 'DevToolsActivePort');
  const deadline = performance.now() + 30_000;
  while (!existsSync(file) || !readFileSync(file, 'utf8').includes('\n')) {
    if (child.exitCode !== null || performance.now() > deadline) {
      await kill();
      throw new Error(`Chromium (${chromiumPath}) gave no DevTools port:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port: Number(readFileSync(file, 'utf8').split('\n')[0]), kill };
}

/** Runs Lighthouse on the login page (first visit) and on /dashboard logged in, in one Chromium. */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseReport> {
  const profile = mkdtempSync(join(tmpdir(), 'garage-lighthouse-'));
  const chrome = await launchChromium(profile);
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string };
    options.log(`  Lighthouse (mobile) in ${version.Browser}, ${options.runs ?? 3} runs a page, the median shown...`);
    // A first visit: Lighthouse clears the origin's storage and the cache before loading.
    const login = await audit(chrome.port, 'login', `${options.baseUrl}/`, {}, options);
    await logIn(chrome.port, options);
    // Logged in: the session (local storage), the mirror, the service worker and the HTTP cache stay.
    const dashboard = await audit(chrome.port, 'dashboard', `${options.baseUrl}/dashboard`, { disableStorageReset: true }, options);
    // Logged in but nothing cached: the service worker, its caches and the HTTP cache emptied before
    // each run, the session and the mirror kept (a tablet whose browser dropped its caches).
    const cold = await audit(chrome.port, 'dashboard-cold', `${options.baseUrl}/dashboard`, { disableStorageReset: true }, options, async () =>
      emptyCaches(chrome.port, options.baseUrl),
    );
    for (const page of [dashboard.page, cold.page]) {
      if (!page.url.endsWith('/dashboard')) throw new Error(`Lighthouse ended on ${page.url}, not the dashboard: the session was lost`);
    }
    return { lighthouse: login.version, chromium: version.Browser, pages: [login.page, dashboard.page, cold.page] };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

// Alone: a fresh database with a small shop, the built server on it, Lighthouse, the figures.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      email: { type: 'string', default: 'admin@garage.lk' },
      password: { type: 'string', default: 'admin123' },
      port: { type: 'string' },
      runs: { type: 'string', default: '3' },
      reports: { type: 'string' },
      items: { type: 'string', default: '2000' },
      customers: { type: 'string', default: '1000' },
      jobs: { type: 'string', default: '500' },
    },
  });
  const log = (line: string) => console.log(line);
  const common = { email: values.email, password: values.password, log, runs: Number(values.runs), reportDir: values.reports };
  let report: LighthouseReport;
  if (values.url) {
    report = await runLighthouse({ ...common, baseUrl: values.url.replace(/\/$/, '') });
  } else {
    const { openDb } = await import('@server/db/connection');
    const { projectRoot } = await import('@server/project-root');
    const { seedDatabase } = await import('./seed-data');
    const { startServer } = await import('./server-process');
    const root = projectRoot();
    if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
      console.error('No build in dist/: run `npm run build` first.');
      process.exit(1);
    }
    const workDir = mkdtempSync(join(tmpdir(), 'garage-lighthouse-db-'));
    const dbFile = join(workDir, 'garage.sqlite');
    try {
      const db = await openDb(dbFile);
      const seeded = await seedDatabase(db, {
        items: Number(values.items),
        customers: Number(values.customers),
        categories: 40,
        services: 200,
        jobs: Number(values.jobs),
        seed: 'garage',
        password: values.password,
        adminEmail: values.email,
      });
      db.$client.pragma('wal_checkpoint(TRUNCATE)');
      db.$client.close();
      log(`Seeded ${seeded.totals.items} items, ${seeded.totals.customers} customers, ${seeded.totals.jobCards} job cards in ${dbFile}`);
      const server = await startServer({
        command: process.execPath,
        args: [join(root, 'dist/server/main.js')],
        cwd: root,
        dbFile,
        port: values.port ? Number(values.port) : undefined,
      });
      try {
        report = await runLighthouse({ ...common, baseUrl: server.baseUrl });
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  console.log('');
  for (const line of lighthouseLines(report)) console.log(line);
  console.log(`\n${renderLighthouse(report)}`);
  process.exitCode = lighthouseMet(report) ? 0 : 2;
}
