// `npm run bench`: speed at a big shop's scale, against the BUILT app. See docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { openDb } from '../server/src/db/connection';
import { projectRoot } from '../server/src/project-root';
import { buildIsStale } from './build-freshness.mjs';
import { seedDatabase } from './bench/seed-data';
import { startServer } from './bench/server-process';
import { measureBundle } from './bench/bundle-size';
import { measureServer, login } from './bench/server-timings';
import { median, runBrowserBench } from './bench/browser';
import { howToRun, renderResults, type BenchResults } from './bench/report';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    customers: { type: 'string', default: '20000' },
    categories: { type: 'string', default: '40' },
    services: { type: 'string', default: '200' },
    seed: { type: 'string', default: 'garage' },
    build: { type: 'boolean', default: false },
    'no-browser': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
    screenshots: { type: 'string' },
  },
});

const root = projectRoot();
const started = performance.now();
const log = (line: string) => console.log(line);
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
  seed: values.seed,
};
log(`Seeding ${dbFile}: ${seedOptions.items} items, ${seedOptions.customers} customers...`);
const db = openDb(dbFile);
const seeded = await seedDatabase(db, { ...seedOptions, password });
db.$client.pragma('wal_checkpoint(TRUNCATE)');
db.$client.close();
log(`  seeded in ${(seeded.ms.total / 1000).toFixed(1)} s (generate ${(seeded.ms.generate / 1000).toFixed(1)} s, write ${(seeded.ms.write / 1000).toFixed(1)} s)`);

const serverCommand = { command: process.execPath, args: [join(root, 'dist/server/main.js')], cwd: root, dbFile };
const results: Partial<BenchResults> = {};
try {
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
  log(`Entry bundle: ${(results.bundle.entryTotal.gzip / 1024).toFixed(1)} KB gzip; precache ${(results.bundle.precache.raw / 1024).toFixed(0)} KB raw`);

  // 5. One server for the browser and the API timings.
  const server = await startServer(serverCommand);
  try {
    const itemTerms = ['oil', 'fil', 'brake pad', seeded.samples.barcodes[0] ?? '479', 'b', 'toyota axio', 'castrol 5w', 'xyzzy'];
    const customerTerms = [
      'nimal',
      'perera',
      '0771',
      seeded.samples.phones[0] ?? '077',
      seeded.samples.plates[0] ?? 'CAB',
      'k',
      'nimal per',
      'gmail',
    ];
    if (!values['no-browser']) {
      log('Browser (Chromium)...');
      const bundled = await build({
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
      results.browser = await runBrowserBench({
        baseUrl: server.baseUrl,
        harness: bundled.outputFiles[0]!.text,
        email: seeded.admin.email,
        password,
        expected: { items: seeded.totals.items, customers: seeded.totals.customers, categories: seeded.totals.categories, services: seeded.totals.services },
        itemTerms,
        customerTerms,
        log,
        screenshotDir: values.screenshots,
      });
    }
    log('Server timings...');
    const token = await login(server.baseUrl, seeded.admin.email, password);
    results.server = await measureServer(server.baseUrl, token, { items: ['oil', 'brake pad', 'b'], customers: ['nimal', '0771'] });
    for (const route of results.server.routes) log(`  ${route.label}: ${route.status}, median ${route.medianMs.toFixed(1)} ms`);
  } finally {
    await server.stop();
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
  seed: { options: seedOptions, result: seeded },
  coldStart: results.coldStart!,
  bundle: results.bundle!,
  server: results.server ?? null,
  browser: results.browser ?? null,
  durationMs: performance.now() - started,
};
const markdown = renderResults(full);
console.log(`\n${markdown}\n`);
if (values.json) writeFileSync(values.json, JSON.stringify(full, null, 2));
if (!values['no-write']) {
  writeFileSync(join(root, 'docs/benchmarks.md'), `${howToRun}\n${markdown}\n`);
  log('Wrote docs/benchmarks.md');
}
