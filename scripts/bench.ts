// `npm run bench`: speed at a big shop's scale, against the BUILT app. See docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { openDb } from '@server/db/connection';
import { projectRoot } from '@server/project-root';
import { buildIsStale, serverBuildIsStale } from './build-freshness.mjs';
import { checkInvariants, seedDatabase } from './bench/seed-data';
import { checkInvoiceInvariants, seedInvoices } from './bench/seed-invoices';
import { startServer } from './bench/server-process';
import { measureBundle } from './bench/bundle-size';
import { measureServer, login } from './bench/server-timings';
import { median, runBrowserBench } from './bench/browser';
import { howToRun, renderResults, type BenchResults } from './bench/report';
import { measurePushThroughput } from './bench/push-throughput';
import { runLiveBench } from './bench/live-sync';
import { measureFanout } from './bench/poke-fanout';
import { engineTable, runEngineBench } from './bench/engines';
import { periodStart } from '@shared/domain/dashboard';
import { runLighthouse } from './bench/lighthouse';
import { lighthouseLines } from './bench/lighthouse-report';
import { arrivalGoals, entryJsBudgetKb, exceededBudgets, purchasingGoals } from './bench/goals';
import { pushBatchMax } from '@shared/sync/messages';
import { drawerPushGoalLines, measureBackdatedDrawerPush } from './bench/drawer-backdated';
import { runImportBench } from './bench/import-bench';
import { exportLines, measureExport } from './bench/export-bench';
import { runPurchasingBench, purchasingLines } from './bench/purchasing-bench';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    vehicles: { type: 'string', default: '30000' },
    'opening-balances': { type: 'string', default: '5000' },
    categories: { type: 'string', default: '40' },
    services: { type: 'string', default: '200' },
    jobs: { type: 'string', default: '0' },
    'job-runs': { type: 'string', default: '5' },
    invoices: { type: 'string', default: '0' },
    unpaid: { type: 'string', default: '0' },
    'sales-runs': { type: 'string', default: '5' },
    seed: { type: 'string', default: 'garage' },
    build: { type: 'boolean', default: false },
    'memory-profile': { type: 'boolean', default: false },
    'no-raw-put': { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'no-push': { type: 'boolean', default: false },
    'no-live': { type: 'boolean', default: false },
    'no-fanout': { type: 'boolean', default: false },
    'no-drawer': { type: 'boolean', default: false },
    'drawer-sessions': { type: 'string', default: '10000' },
    'drawer-runs': { type: 'string', default: '3' },
    'export-runs': { type: 'string', default: '3' },
    /** `--only purchasing` (issue 44): its suppliers, orders, scans and 'Order' runs (--items and --customers as above). */
    suppliers: { type: 'string', default: '5000' },
    orders: { type: 'string', default: '20000' },
    'below-level': { type: 'string', default: '500' },
    scans: { type: 'string', default: '30' },
    'order-runs': { type: 'string', default: '3' },
    /** `--only purchasing`: a CPU profile of each measured part written to this folder. */
    profile: { type: 'string' },
    /** `--only drawer`: that section alone, on the server built from the current sources; `--only export`: the device's export (issue 43) in Chromium; `--only import`: a big shop moving in (issue 43), against the built app; `--only reminders`: the Reminders list at 30,000 vehicles and a canned job (issue 45), in Node; `--only purchasing`: issue 44's receiving scan, orders list and 'Order' from low stock, in Chromium against the built app. */
    only: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'lighthouse-reports': { type: 'string' },
    /**
     * `--engine pg` (issue 46): SQLite and PostgreSQL side by side, in one run (scripts/bench/engines.ts):
     * pushes from devices at once (two server processes on one PostgreSQL database), a pull page of 1,000
     * rows, a change reaching a device on the other process. PostgreSQL from --pg-url, else PG_BENCH_URL,
     * else PG_TEST_URL (a role that may create databases: the run makes its own and drops it).
     */
    engine: { type: 'string' },
    'pg-url': { type: 'string' },
    processes: { type: 'string', default: '2' },
    'push-devices': { type: 'string', default: '4' },
    'pull-runs': { type: 'string', default: '9' },
    'poke-trials': { type: 'string', default: '20' },
    'no-pg-profile': { type: 'boolean', default: false },
    /** 5,000 a run; 20,000 with --engine. */
    'push-mutations': { type: 'string' },
    'push-runs': { type: 'string', default: '3' },
    'live-trials': { type: 'string', default: '50' },
    devices: { type: 'string', default: '200' },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
    render: { type: 'string' },
    screenshots: { type: 'string' },
  },
});

const root = projectRoot();

/**
 * docs/benchmarks-history.md with these results after '## Latest results'; the hand-written text above
 * it (findings) is kept. docs/benchmarks.md, today's figure beside each goal, is written by hand.
 */
function writeBenchmarks(markdown: string): void {
  const file = join(root, 'docs/benchmarks-history.md');
  const marker = '## Latest results';
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : howToRun;
  const head = existing.includes(marker) ? existing.slice(0, existing.indexOf(marker)) : `${existing.trimEnd()}\n\n`;
  writeFileSync(file, `${head}${marker}\n\n${markdown}\n`);
}

// `--render <file>`: no measuring, only docs/benchmarks-history.md written again from a run's --json figures
// (after editing the text around them in scripts/bench/report.ts).
if (values.render) {
  const saved = JSON.parse(readFileSync(values.render, 'utf8')) as BenchResults;
  const markdown = renderResults({ ...saved, push: saved.push ?? null, live: saved.live ?? null, fanout: saved.fanout ?? null });
  if (values['no-write']) console.log(markdown);
  else writeBenchmarks(markdown);
  console.log(values['no-write'] ? '' : `Wrote docs/benchmarks-history.md from ${values.render}`);
  process.exit(0);
}
const started = performance.now();
const log = (line: string) => console.log(line);

/** Issue 42, point 2: a push of drawer openings dated 1970 on a register with many sessions (scripts/bench/drawer-backdated.ts). */
async function drawerSection(directory: string, server: { command: string; args: string[]; cwd: string }) {
  log(`drawer: backdated push (${values['drawer-sessions']} sessions on one register, 20 openings dated 1970, ${values['drawer-runs']} runs)...`);
  const report = await measureBackdatedDrawerPush({
    directory,
    server,
    sessions: Number(values['drawer-sessions']),
    entries: 20,
    runs: Number(values['drawer-runs']),
    password: 'admin123',
    log,
  });
  for (const line of drawerPushGoalLines(report)) log(`  ${line}`);
  return report;
}

if (values.engine !== undefined) {
  if (values.engine !== 'pg' && values.engine !== 'postgres') throw new Error(`--engine takes: pg (not ${values.engine})`);
  const pgUrl = values['pg-url'] ?? process.env.PG_BENCH_URL ?? process.env.PG_TEST_URL;
  if (!pgUrl) throw new Error('--engine pg needs a PostgreSQL: --pg-url postgres://…, or PG_BENCH_URL or PG_TEST_URL (README, "PostgreSQL tests")');
  // The server alone is built (esbuild, a second or two) when its sources are newer than its build.
  if (values.build || serverBuildIsStale(root)) {
    log('Building the server...');
    const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const report = await runEngineBench({
    root,
    server: { command: process.execPath, args: [join(root, 'dist/server/main.js')], cwd: root },
    pgUrl,
    processes: Number(values.processes),
    devices: Number(values['push-devices']),
    mutations: Number(values['push-mutations'] ?? '20000'),
    runs: Number(values['push-runs']),
    pullRuns: Number(values['pull-runs']),
    trials: Number(values['poke-trials']),
    profile: !values['no-pg-profile'],
    log,
  });
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  log(`\n${engineTable(report)}`);
  process.exit(0);
}
if (values.only === 'import') {
  if (values.build || buildIsStale(root) || !existsSync(join(root, 'dist/client/index.html'))) {
    log('Building...');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // The shop: 50,000 items, 20,000 customers with 30,000 vehicles and 5,000 opening balances
  // (--items, --customers, --vehicles, --opening-balances).
  await runImportBench({
    root,
    items: Number(values.items),
    customers: Number(values.customers),
    vehicles: Number(values.vehicles),
    openingBalances: Number(values['opening-balances']),
    log,
  });
  process.exit(0);
}
if (values.only === 'purchasing') {
  if (values.build || buildIsStale(root) || !existsSync(join(root, 'dist/client/index.html'))) {
    log('Building...');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const report = await runPurchasingBench({
    root,
    items: Number(values.items),
    customers: Number(values.customers),
    suppliers: Number(values.suppliers),
    orders: Number(values.orders),
    belowLevel: Number(values['below-level']),
    scans: Number(values.scans),
    orderRuns: Number(values['order-runs']),
    seed: values.seed,
    log,
    profileDir: values.profile,
  });
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  for (const line of purchasingLines(report)) log(`  ${line}`);
  log(`Goals (issue 44; load ${report.load.map((value) => value.toFixed(1)).join(', ')} at each part's start and the end):`);
  for (const goal of purchasingGoals(report)) log(`  ${goal.met === null ? 'n/a   ' : goal.met ? 'met   ' : 'MISSED'} ${goal.figure}: ${goal.measured} (goal ${goal.goal})`);
  process.exit(0);
}
if (values.only === 'reminders') {
  // Issue 45: the device's reminders and canned job work, in Node over fake-indexeddb.
  const { runRemindersBench } = await import('./bench/reminders');
  await runRemindersBench(log);
  process.exit(0);
}
if (values.only === 'export') {
  // Issue 43: no server, no build: the device's export code bundled from the sources, in Chromium.
  const items = Number(values.items);
  const customers = Number(values.customers);
  log(`Export on the device (${items.toLocaleString('en-US')} items, ${customers.toLocaleString('en-US')} customers, Chromium, ${values['export-runs']} runs)...`);
  for (const line of exportLines(await measureExport(root, { items, customers, runs: Number(values['export-runs']) }))) log(`  ${line}`);
  process.exit(0);
}
if (values.only !== undefined) {
  if (values.only !== 'drawer') throw new Error(`--only takes: drawer, export, import, purchasing or reminders (not ${values.only})`);
  // The server alone is built (esbuild, a second or two) when its sources are newer than its build.
  if (values.build || serverBuildIsStale(root)) {
    log('Building the server...');
    const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const directory = mkdtempSync(join(tmpdir(), 'garage-bench-'));
  try {
    await drawerSection(directory, { command: process.execPath, args: [join(root, 'dist/server/main.js')], cwd: root });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  process.exit(0);
}
const loadBefore = loadavg();
const password = 'admin123';

// 1. The build.
const built = existsSync(join(root, 'dist/server/main.js')) && existsSync(join(root, 'dist/client/index.html'));
if (values.build || !built) {
  log(built ? 'Building (--build)...' : 'No build in dist/: building...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else if (buildIsStale(root)) {
  log('Note: dist/ is older than the sources; measuring the existing build (pass --build to rebuild).');
}

// 2. A temporary database with a big shop's data.
const workDir = mkdtempSync(join(tmpdir(), 'garage-bench-'));
const dbFile = join(workDir, 'garage.sqlite');
const seedOptions = {
  items: Number(values.items),
  customers: Number(values.customers),
  categories: Number(values.categories),
  services: Number(values.services),
  jobs: Number(values.jobs),
  invoices: Number(values.invoices),
  unpaid: Number(values.unpaid),
  seed: values.seed,
};
log(`Seeding ${dbFile}: ${seedOptions.items} items, ${seedOptions.customers} customers, ${seedOptions.jobs} job cards, ${seedOptions.invoices} invoices...`);
const db = await openDb(dbFile);
const seeded = await seedDatabase(db, { ...seedOptions, password });
log(`  seeded in ${(seeded.ms.total / 1000).toFixed(1)} s (generate ${(seeded.ms.generate / 1000).toFixed(1)} s, write ${(seeded.ms.write / 1000).toFixed(1)} s)`);
// Invoices (issues 8 and 9) after the rest, in a transaction of their own (scripts/bench/seed-invoices.ts).
const sales = seedOptions.invoices > 0 ? await seedInvoices(db, { invoices: seedOptions.invoices, unpaid: seedOptions.unpaid, seed: seedOptions.seed }) : null;
if (sales) {
  const wrong = await checkInvoiceInvariants(db);
  if (wrong.length) throw new Error(`the seeded invoices break their invariants: ${wrong.join('; ')}`);
  log(`  ${sales.totals.invoices} invoices (${sales.totals.unpaid} unpaid) in ${(sales.ms.total / 1000).toFixed(1)} s`);
}
const broken = await checkInvariants(db);
if (broken.length) throw new Error(`the seeded database breaks the sync core's invariants: ${broken.join('; ')}`);
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();

const serverCommand = { command: process.execPath, args: [join(root, 'dist/server/main.js')], cwd: root, dbFile };
const results: Partial<BenchResults> = {};
try {
  // 3a. Push throughput, first: on copies of the freshly seeded file, before any server touches it.
  if (!values['no-push']) {
    log(`Push throughput (${values['push-mutations'] ?? '5000'} mutations in batches of ${pushBatchMax}, ${values['push-runs']} runs each, files in ${workDir})...`);
    results.push = await measurePushThroughput({
      baseFile: dbFile,
      directory: workDir,
      server: serverCommand,
      admin: { email: seeded.admin.email, password },
      mutations: Number(values['push-mutations'] ?? '5000'),
      runs: Number(values['push-runs']),
      log,
    });
    for (const line of results.push.df.split('\n')) log(`  ${line}`);
  }

  // 3b. A backdated drawer push, on a database and server of its own.
  if (!values['no-drawer']) await drawerSection(workDir, serverCommand);

  // 3. Cold start of the built server, 5 times; `npm start` 3 times when it would not rebuild.
  log('Cold start of the built server...');
  const serverMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const server = await startServer(serverCommand);
    serverMs.push(server.startMs);
    await server.stop();
  }
  log(`  ${serverMs.map((v) => v.toFixed(0)).join(', ')} ms (median ${median(serverMs).toFixed(0)} ms)`);
  let npmStartMs: number[] | null = null;
  let npmStartNote: string | undefined;
  if (buildIsStale(root)) {
    npmStartNote = 'skipped: the build is older than the sources, so npm start would rebuild first.';
    log(`  npm start ${npmStartNote}`);
  } else {
    npmStartMs = [];
    for (let i = 0; i < 3; i++) {
      const server = await startServer({ ...serverCommand, command: 'npm', args: ['start', '--silent'] });
      npmStartMs.push(server.startMs);
      await server.stop();
    }
    log(`  npm start: ${npmStartMs.map((v) => v.toFixed(0)).join(', ')} ms`);
  }
  results.coldStart = { serverMs, npmStartMs, npmStartNote };

  // 4. Bundle sizes.
  results.bundle = measureBundle(join(root, 'dist/client'));
  log(
    `Entry bundle: ${(results.bundle.entryTotal.gzip / 1024).toFixed(1)} KB gzip (JS ${(results.bundle.entryTotal.jsGzip / 1024).toFixed(1)} KB, budget ${entryJsBudgetKb} KB); precache ${(results.bundle.precache.raw / 1024).toFixed(0)} KB raw`,
  );

  // 5. One server for the browser and the API timings.
  const server = await startServer(serverCommand);
  try {
    const itemTerms = ['oil', 'fil', 'brake pad', seeded.samples.barcodes[0] ?? '479', 'b', 'toyota axio', 'castrol 5w', 'xyzzy'];
    const customerTerms = ['nimal', 'perera', '0771', seeded.samples.phones[0] ?? '077', seeded.samples.plates[0] ?? 'CAB', 'k', 'nimal per', 'gmail'];
    const bundled =
      values['no-browser'] && values['no-live']
        ? null
        : await build({
            entryPoints: [join(root, 'scripts/bench/page-harness.ts')],
            bundle: true,
            write: false,
            format: 'iife',
            platform: 'browser',
            target: 'chrome110',
            minify: true,
            define: { 'process.env.NODE_ENV': '"production"' },
            logLevel: 'warning',
          });
    const harness = bundled?.outputFiles[0]!.text ?? '';
    const expected = {
      items: seeded.totals.items,
      customers: seeded.totals.customers,
      categories: seeded.totals.categories,
      services: seeded.totals.services,
      stockMovements: seeded.totals.stockMovements,
      jobCards: seeded.totals.jobCards,
      jobLines: seeded.totals.jobLines,
      jobStatusChanges: seeded.totals.jobStatusChanges,
      ...(sales ? { stockMovements: sales.totals.stockMovements, invoices: sales.totals.invoices, invoiceLines: sales.totals.invoiceLines, payments: sales.totals.payments } : {}),
    };
    const rowsToPull = Object.values(expected).reduce((sum, n) => sum + n, 0);
    const jobSamples = seeded.samples.jobs;
    const lastDigits = (text: string) => text.replace(/\D/g, '').slice(-4);
    const finishedTerms = jobSamples ? ['perera', jobSamples.customerName, lastDigits(jobSamples.phone), jobSamples.plate, lastDigits(jobSamples.plate), jobSamples.jobNumber] : [];
    if (!values['no-browser']) {
      log('Browser (Chromium)...');
      results.browser = await runBrowserBench({
        baseUrl: server.baseUrl,
        harness,
        email: seeded.admin.email,
        password,
        expected,
        itemTerms,
        customerTerms,
        log,
        screenshotDir: values.screenshots,
        // A first sync of several hundred thousand rows takes minutes on two cores.
        pullTimeoutMs: Math.max(600_000, rowsToPull * 5),
        jobs: jobSamples
          ? {
              pickerTerms: ['nim', 'perera', lastDigits(seeded.samples.phones[0] ?? '0771'), seeded.samples.plates[0] ?? 'CAB', 'k'],
              finishedTerms,
              jobIds: jobSamples.finishedIds,
              runs: Number(values['job-runs']),
            }
          : null,
        sales: sales?.samples.bulkCustomer
          ? {
              scanBarcodes: sales.samples.scanBarcodes,
              unpaidNumbers: sales.samples.unpaidNumbers,
              unpaidDays: sales.samples.unpaidDays,
              bulkCustomer: sales.samples.bulkCustomer,
              smallCustomer: sales.samples.smallCustomer,
              runs: Number(values['sales-runs']),
            }
          : null,
        dashboardRuns: Number(values['job-runs']), // the dashboard and its cold start offline, with or without jobs
        reports: jobSamples ? { terms: ['perera', jobSamples.plate, lastDigits(jobSamples.phone)], runs: Math.max(1, Math.min(3, Number(values['job-runs']))) } : null,
        memoryProfile: values['memory-profile'],
        keepProfile: values.keep,
        rawBulkPut: !values['no-raw-put'],
      });
    }
    log('Server timings...');
    const token = await login(server.baseUrl, seeded.admin.email, password);
    const jobRoutes = jobSamples
      ? [
          { label: 'GET /api/job-cards?status=Open (up to 500, with lines)', path: '/api/job-cards?status=Open' },
          { label: 'GET /api/job-cards?status=Finished&limit=25', path: '/api/job-cards?status=Finished&limit=25&page=1' },
          ...finishedTerms.map((term) => ({ label: `GET /api/job-cards/report?q=${term}`, path: `/api/job-cards/report?q=${encodeURIComponent(term)}` })),
          { label: 'GET /api/job-cards/report?q=perera&page=20', path: '/api/job-cards/report?q=perera&page=20' },
          { label: 'GET /api/job-cards/report (no filter, page 1)', path: '/api/job-cards/report' },
          { label: 'GET /api/job-cards/:id (with lines and history)', path: `/api/job-cards/${encodeURIComponent(jobSamples.finishedIds[0]!)}` },
          { label: 'GET /api/dashboard/summary', path: '/api/dashboard/summary' },
          { label: 'GET /api/dashboard/open', path: '/api/dashboard/open' },
          {
            label: 'GET /api/job-cards/stats (this month)',
            path: `/api/job-cards/stats?from=${encodeURIComponent(periodStart('Month', new Date()).toISOString())}&to=${encodeURIComponent(new Date().toISOString())}`,
          },
          { label: 'GET /api/job-cards/report?page=2000', path: '/api/job-cards/report?page=2000' },
        ]
      : [];
    results.server = await measureServer(server.baseUrl, token, { items: ['oil', 'brake pad', 'b'], customers: ['nimal', '0771'] }, 5, jobRoutes);
    for (const route of results.server.routes) log(`  ${route.label}: ${route.status}, median ${route.medianMs.toFixed(1)} ms`);
    if (results.server.feedBytes) {
      const { wire, raw } = results.server.feedBytes;
      log(`  change feed: ${(wire / 1024 / 1024).toFixed(1)} MB on the wire (gzip) for ${(raw / 1024 / 1024).toFixed(1)} MB of JSON`);
    }
    // Lighthouse (issue 11) on the login page and, logged in as the Admin (a full first sync of the
    // big shop first), on the dashboard; before the live test, which adds categories.
    if (!values['no-lighthouse']) {
      log('Lighthouse (login page, dashboard)...');
      results.lighthouse = await runLighthouse({
        baseUrl: server.baseUrl,
        email: seeded.admin.email,
        password,
        log,
        runs: Number(values['lighthouse-runs']),
        reportDir: values['lighthouse-reports'],
        syncTimeoutMs: Math.max(600_000, rowsToPull * 5),
      });
      for (const line of lighthouseLines(results.lighthouse)) log(`  ${line}`);
    }
    // Last on this server: it adds categories.
    if (!values['no-live']) {
      log('Live between two devices (Chromium, two contexts)...');
      results.live = await runLiveBench({
        baseUrl: server.baseUrl,
        // Two devices pulling at once on two cores: twice a single device's time.
        mirrorTimeoutMs: Math.max(600_000, rowsToPull * 10),
        harness,
        email: seeded.admin.email,
        password,
        expected,
        trials: Number(values['live-trials']),
        log,
      });
      const { stats } = results.live;
      log(`  ${stats.seen} of ${stats.n} seen on B: p50 ${stats.p50.toFixed(0)} ms, p95 ${stats.p95.toFixed(0)} ms, max ${stats.max.toFixed(0)} ms`);
    }
  } finally {
    await server.stop();
  }

  // 6. Many devices at once, on a server of its own.
  if (!values['no-fanout']) {
    log(`Poke fan-out (${values.devices} streams)...`);
    results.fanout = await measureFanout({ server: serverCommand, email: seeded.admin.email, password, connections: Number(values.devices), log });
  }
} finally {
  if (!values.keep) rmSync(workDir, { recursive: true, force: true });
  else log(`Kept ${workDir}`);
}

const cpu = cpus();
const full: BenchResults = {
  date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  machine: {
    cpu: cpu[0]?.model.trim() ?? 'unknown CPU',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    os: `${type()} ${release()}`,
    loadBefore,
    loadAfter: loadavg(),
  },
  seed: { options: seedOptions, result: seeded, invoices: sales },
  coldStart: results.coldStart!,
  bundle: results.bundle!,
  server: results.server ?? null,
  browser: results.browser ?? null,
  push: results.push ?? null,
  live: results.live ?? null,
  fanout: results.fanout ?? null,
  lighthouse: results.lighthouse ?? null,
  durationMs: performance.now() - started,
};
const markdown = renderResults(full);
console.log(`\n${markdown}\n`);
if (values.json) writeFileSync(values.json, JSON.stringify(full, null, 2));
if (!values['no-write']) {
  writeBenchmarks(markdown);
  log('Wrote docs/benchmarks-history.md');
}

// Every goal of issues 10 and 11 beside its figure, then the budgets: a breach fails the run.
console.log('\nGoals (issues 10, 11, 24 and 47):');
for (const goal of arrivalGoals(full)) console.log(`  ${goal.met === null ? 'n/a   ' : goal.met ? 'met   ' : 'MISSED'} ${goal.figure}: ${goal.measured} (goal ${goal.goal})`);
const exceeded = exceededBudgets(full);
if (exceeded.length) {
  console.error(`\nBudget exceeded: ${exceeded.join('; ')}`);
  process.exitCode = 1;
}
