import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import type { Timing } from './page-harness';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { measureJobScreens, type JobScreenOptions, type JobScreensReport } from './job-screens';
import { measureSalesScreens, type SalesScreenOptions, type SalesScreensReport } from './sales-screens';
import { measureDashboard, type DashboardReport } from './dashboard-screen';
import { measureReportScreens, type ReportScreensReport } from './report-screens';
import { measureUsable, usableLines, type UsableReport } from './usable';
import { targets } from './targets';

export interface Sample extends Timing {
  screen: string;
  kind: 'search' | 'page';
  action: string;
}

export interface QuerySample {
  table: string;
  search: string;
  page: number;
  total: number;
  directMs: number[];
  liveMs: number[];
  /** The first run of this query on the warm instance (a new search scans; the runs after it reuse its matches). */
  firstMs?: number;
}

export interface ScreenReport {
  screen: string;
  path: string;
  /** false when the route still shows a placeholder: only the query layer was measured. */
  ui: boolean;
  /** Navigation (a reload with the full mirror) to the first page of rows on screen. */
  firstRowsMs: number | null;
  /** The first keystroke after opening the screen (the in-memory index may still be building). */
  firstSearch: Timing | null;
}

export interface ColdQuery {
  table: string;
  /** A fresh Dexie instance's first page (Dexie indexes and a count). */
  firstQueryMs: number;
  /** From that first query until the instance's in-memory index is ready. */
  indexReadyMs: number;
}

export interface BrowserReport {
  chromium: string;
  pull: {
    /** Login click to the mirror holding every row and the sync recording its end. */
    totalMs: number;
    requests: number;
    /** Sum of the pull requests' durations (network + server), sequential so it adds up. */
    networkMs: number;
    bytes: number;
    counts: Record<string, number>;
    /** The same rows by a plain Dexie bulkPut in the same page (issue 47's yardstick: sync ≤ 1.2×). */
    rawBulkPut?: { rows: number; ms: number };
    /** Login click → the catalogue and the customers searched on their screens during the download: 'usable', < 3 s (issue 47). */
    usableMs?: number | null;
    /** Login click → every row of the catalogue and the customers on the device (the first part's end). */
    onDeviceMs?: number | null;
    /** Where the usable time went (its steps and requests). */
    usable?: UsableReport;
  };
  storageBytes: number;
  screens: ScreenReport[];
  samples: Sample[];
  cold: ColdQuery[];
  queries: QuerySample[];
  /** The job card screens (issue 7), when the seed has job cards. */
  jobs?: JobScreensReport | null;
  /** The register and the due list (issues 8 and 9), when the seed has invoices. */
  sales?: SalesScreensReport | null;
  dashboard?: DashboardReport | null;
  /** The Job History and Low Stock reports (issue 10), when the seed has job cards. */
  reports?: ReportScreensReport | null;
}

export interface BrowserBenchOptions {
  /** After the first sync, time a raw Dexie bulkPut of the same rows (issue 11's yardstick; as long as the sync itself). */
  rawBulkPut?: boolean;
  baseUrl: string;
  harness: string;
  email: string;
  password: string;
  expected: Record<string, number>;
  itemTerms: string[];
  customerTerms: string[];
  log: (line: string) => void;
  pullTimeoutMs?: number;
  screenshotDir?: string;
  /** Measure the job card screens too (the seed has job cards). */
  jobs?: Omit<JobScreenOptions, 'baseUrl' | 'log'> | null;
  /** Measure the register and the due list too (the seed has invoices). */
  sales?: Omit<SalesScreenOptions, 'baseUrl' | 'log'> | null;
  /** Timed runs of the dashboard (issue 10); null: not measured. */
  dashboardRuns?: number | null;
  /** The Job History Report's searches (issue 10); null: the reports are not measured. */
  reports?: { terms: string[]; runs: number } | null;
  /** IndexedDB in memory (an incognito context) instead of a profile on disk. */
  memoryProfile?: boolean;
  /** Leaves the browser profile (the device's IndexedDB) on disk afterwards, for probes of its own. */
  keepProfile?: boolean;
}

const call = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;
const json = (value: unknown) => JSON.stringify(value);

async function waitForIdleSync(page: Page): Promise<void> {
  await page
    .locator('[data-testid="sync-indicator"].sync-synced')
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
}

interface ScreenPlan {
  screen: string;
  path: string;
  table: 'items' | 'customers';
  pageSize: number;
  terms: string[];
  /** Typed one key at a time, each keystroke timed. */
  typed: string;
  pagedSearch: string;
}

async function measureScreen(page: Page, plan: ScreenPlan, options: BrowserBenchOptions): Promise<{ report: ScreenReport; samples: Sample[] }> {
  const samples: Sample[] = [];
  const record = (kind: Sample['kind'], action: string, timing: Timing) => {
    samples.push({ ...timing, screen: plan.screen, kind, action });
    const figure =
      timing.status === 'changed'
        ? `${timing.domMs.toFixed(1)} ms (frame ${timing.frameMs.toFixed(1)} ms${timing.longTaskMs ? `, long tasks ${timing.longTaskMs.toFixed(0)} ms` : ''})`
        : timing.status;
    options.log(`    ${plan.screen} ${kind} ${action}: ${figure}${timing.caption ? `  [${timing.caption}]` : ''}`);
  };

  await page.goto(`${options.baseUrl}${plan.path}`);
  // A function, not a string expression: Playwright evals a string again on every poll, inside the
  // page, and the app's Content-Security-Policy (no 'unsafe-eval') refuses that from the second poll
  // on, so the wait failed whenever the table was not there at the first one ('no table ...'). A
  // function is evaluated once, when Playwright installs the wait.
  const ready = await page
    .waitForFunction(() => (window as unknown as { __garageBench?: { tableReady(): boolean } }).__garageBench?.tableReady(), undefined, { polling: 'raf', timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  const firstRowsMs = ready ? await call<number>(page, 'performance.now()') : null;
  if (!ready) {
    options.log(`  ${plan.screen}: no table at ${plan.path} (placeholder?): measuring the query layer only.`);
    return { report: { screen: plan.screen, path: plan.path, ui: false, firstRowsMs: null, firstSearch: null }, samples };
  }
  options.log(`  ${plan.screen}: first rows ${firstRowsMs!.toFixed(0)} ms after navigation`);
  await waitForIdleSync(page);
  if (options.screenshotDir) await page.screenshot({ path: `${options.screenshotDir}/${plan.table}.png` });

  const type = async (value: string, timeout = 3000) => call<Timing>(page, `window.__garageBench.type(${json(value)}, ${timeout})`);
  const click = async (label: string) => call<Timing>(page, `window.__garageBench.click(${json(label)})`);

  // The first keystroke after opening the screen is reported on its own; then a short pause (the
  // screen's in-memory index finishes building) and one more warm-up search, not counted.
  const firstSearch = await type(plan.terms[0]!);
  options.log(`    ${plan.screen} first search '${plan.terms[0]}': ${firstSearch.domMs.toFixed(1)} ms`);
  await type('');
  await page.waitForTimeout(3000);
  await type(plan.terms[0]!);
  await type('');

  for (const term of plan.terms) {
    record('search', `'' → '${term}'`, await type(term));
    record('search', `'${term}' → ''`, await type(''));
  }
  // Typing a term key by key: a keystroke whose results equal the previous ones changes nothing.
  for (let i = 1; i <= plan.typed.length; i++) {
    const timing = await type(plan.typed.slice(0, i), 1000);
    if (timing.status !== 'unchanged') record('search', `typing '${plan.typed.slice(0, i)}'`, timing);
  }
  await type('');

  const labels = await call<{ label: string; disabled: boolean; current: boolean }[]>(page, 'window.__garageBench.pagerLabels()');
  const previous = labels.find((b) => b.label === 'Prev' || b.label === 'Previous')?.label ?? 'Previous';
  const pageSteps = async (context: string) => {
    for (const step of ['Next', 'Next', 'Next', 'number', 'Last page', previous, 'First page', '2']) {
      let label = step;
      if (step === 'number') {
        const now = await call<{ label: string; disabled: boolean; current: boolean }[]>(page, 'window.__garageBench.pagerLabels()');
        label = now.filter((b) => /^\d+$/.test(b.label) && !b.current).at(-1)?.label ?? 'Next';
      }
      const timing = await click(label);
      if (timing.status !== 'missing') record('page', `${context}${label}`, timing); // missing: no such page here
    }
  };
  await pageSteps('');
  await type(plan.pagedSearch);
  await pageSteps(`search '${plan.pagedSearch}': `);
  await type('');
  return { report: { screen: plan.screen, path: plan.path, ui: true, firstRowsMs, firstSearch }, samples };
}

async function measureQueries(page: Page, plan: ScreenPlan, options: BrowserBenchOptions): Promise<{ cold: ColdQuery; samples: QuerySample[] }> {
  const results: QuerySample[] = [];
  const coldOptions = { table: plan.table, search: '', page: 1, pageSize: plan.pageSize };
  const cold = { table: plan.table, ...(await call<Omit<ColdQuery, 'table'>>(page, `window.__garageBench.coldStart(${json(coldOptions)})`)) };
  options.log(`    query ${plan.table}: first query ${cold.firstQueryMs.toFixed(0)} ms, in-memory index ready after ${cold.indexReadyMs.toFixed(0)} ms`);
  const run = async (search: string, pageNumber: number | 'last') => {
    let pageNo = pageNumber === 'last' ? 1 : pageNumber;
    if (pageNumber === 'last') {
      const probe = await call<{ total: number }>(page, `window.__garageBench.query(${json({ table: plan.table, search, page: 1, pageSize: plan.pageSize })}, 0)`);
      pageNo = Math.max(1, Math.ceil(probe.total / plan.pageSize));
    }
    const result = await call<{ direct: number[]; live: number[]; total: number; firstMs: number }>(
      page,
      `window.__garageBench.query(${json({ table: plan.table, search, page: pageNo, pageSize: plan.pageSize })}, 5)`,
    );
    results.push({ table: plan.table, search, page: pageNo, total: result.total, directMs: result.direct, liveMs: result.live, firstMs: result.firstMs });
    const med = median(result.live);
    options.log(
      `    query ${plan.table} '${search}' page ${pageNo}: ${result.total} matches, median ${med.toFixed(1)} ms (liveQuery), ${median(result.direct).toFixed(1)} ms (direct)`,
    );
  };
  for (const term of ['', ...plan.terms]) await run(term, 1);
  for (const search of ['', plan.pagedSearch]) {
    await run(search, 2);
    await run(search, 'last');
  }
  return { cold, samples: results };
}

/** A screen's timed keystrokes or clicks that changed the results: how many, median, 95th percentile, max (and to the next frame). */
export function stats(samples: Sample[], screen: string, kind: Sample['kind']) {
  const changed = samples.filter((s) => s.screen === screen && s.kind === kind && s.status === 'changed');
  const dom = changed.map((s) => s.domMs);
  const frame = changed.map((s) => s.frameMs);
  return {
    n: changed.length,
    median: median(dom),
    p95: percentile(dom, 95),
    max: dom.length ? Math.max(...dom) : NaN,
    frameMedian: median(frame),
    frameMax: frame.length ? Math.max(...frame) : NaN,
  };
}

/** Percentile by the nearest-rank method (p95 of 50 values is the 48th smallest). */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Debian's Chromium through Playwright: log in as the seeded Admin through the UI, time the first
 * full pull, then time keystrokes and page changes on the real screens (and the query layer alone).
 */
export async function runBrowserBench(options: BrowserBenchOptions): Promise<BrowserReport> {
  // A profile on disk, as a tablet's browser has: an incognito context keeps IndexedDB in memory
  // under a small quota, and a device with 100,000 job cards and 100,000 invoices outgrows it (the
  // first sync stopped at 68,090 invoices, every write refused).
  const profile = mkdtempSync(join(tmpdir(), 'garage-bench-profile-'));
  const launch = { executablePath: chromiumPath, args: chromiumArgs };
  const contextOptions = { viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' as const };
  // --memory-profile: the incognito context (IndexedDB in memory), faster for a smaller device.
  const context = options.memoryProfile
    ? await (await chromium.launch(launch)).newContext(contextOptions)
    : await chromium.launchPersistentContext(profile, { ...launch, ...contextOptions });
  const browser = context.browser();
  try {
    await context.addInitScript({ content: options.harness });
    const page = await context.newPage();
    page.on('pageerror', (error) => options.log(`  page error: ${error.message}`));

    // Log in through the form; the login starts the first sync, which pulls everything.
    await page.goto(`${options.baseUrl}/`);
    await page.getByLabel('Email', { exact: true }).fill(options.email);
    await page.getByLabel('Password', { exact: true }).fill(options.password);
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const usable = await measureUsable(page, clickedAt, options.itemTerms[0]!, options.customerTerms[0]!);
    const { usableMs, searched } = usable;
    options.log(
      `  usable: both screens searched ${(usableMs / 1000).toFixed(1)} s after the login click ('${options.itemTerms[0]}': ${searched.items} items, '${options.customerTerms[0]}': ${searched.customers} customers)`,
    );
    for (const line of usableLines(usable)) options.log(`    ${line}`);
    const deadline = Date.now() + (options.pullTimeoutMs ?? 600_000);
    let counts: Record<string, number> | null = null;
    let lastLog = Date.now();
    // 'Usable' (issue 11): the tables the counter and the job card search, complete on the device.
    const usableTables = ['items', 'customers', 'categories', 'services'].filter((table) => table in options.expected);
    let checkedOnDevice = false;
    let onDeviceAtMs: number | null = null;
    const countsNow = async () => call<Record<string, number> | null>(page, 'window.__garageBench.counts()');
    // Progress is read from the sync's own state (a few small rows), not by counting: a count walks
    // every row of its store in Chromium, and counting every table ten times a second kept IndexedDB
    // busy beside the download it measured (the big shop's history pages slowed as its tables grew).
    for (;;) {
      const state = await call<Record<string, string>>(page, 'window.__garageBench.syncState()');
      const finished = !!state.lastSyncAt && Date.parse(state.lastSyncAt) >= clickedAt && !state.download && !state.priorityCursor;
      if (!checkedOnDevice && (state.priorityDone || finished)) {
        // The first part (catalogue and customers) is on the device. Untimed checks: every row is here,
        // and the device's own search (a second instance's query layer) gives the totals the server
        // gave the screens during the download: the same rules at this shop's size.
        checkedOnDevice = true;
        const onDeviceMs = Date.now() - clickedAt;
        const search = async (table: string, term: string) =>
          call<{ total: number }>(page, `window.__garageBench.query(${json({ table, search: term, page: 1, pageSize: 50 })}, 0)`);
        const [items, customers] = await Promise.all([search('items', options.itemTerms[0]!), search('customers', options.customerTerms[0]!)]);
        if (items.total !== searched.items || customers.total !== searched.customers) {
          throw new Error(`the screens' searches during the download disagree with the device's: ${JSON.stringify({ searched, items: items.total, customers: customers.total })}`);
        }
        counts = await countsNow();
        const short = usableTables.filter((table) => (counts?.[table] ?? 0) < options.expected[table]!);
        if (short.length > 0) throw new Error(`the first part ended without every row of ${short.join(', ')}: ${JSON.stringify(counts)}`);
        options.log(
          `  the catalogue and customers on the device ${(onDeviceMs / 1000).toFixed(1)} s after the login click; ` +
            `the device's own search gives the same totals ('${options.itemTerms[0]}': ${items.total} items, '${options.customerTerms[0]}': ${customers.total} customers)`,
        );
        onDeviceAtMs = onDeviceMs;
      }
      if (finished) {
        counts = await countsNow();
        const short = Object.entries(options.expected).filter(([table, n]) => (counts![table] ?? 0) < n);
        if (short.length > 0) throw new Error(`the download ended without every row: ${JSON.stringify(counts)}`);
        break;
      }
      if (Date.now() > deadline) throw new Error(`the pull did not finish in time: ${JSON.stringify(await countsNow())}`);
      if (Date.now() - lastLog > 10_000) {
        options.log(`    ... ${state.download ?? 'starting'} (done/total changes)`);
        lastLog = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const state = await call<Record<string, string>>(page, 'window.__garageBench.syncState()');
    const requests = await call<{ count: number; networkMs: number; bytes: number }>(page, 'window.__garageBench.pullRequests()');
    const pull = {
      totalMs: Date.parse(state.lastSyncAt!) - clickedAt,
      requests: requests.count,
      networkMs: requests.networkMs,
      bytes: requests.bytes,
      counts: counts!,
      usableMs,
      onDeviceMs: onDeviceAtMs,
      usable,
    };
    options.log(`  full pull: ${(pull.totalMs / 1000).toFixed(1)} s, ${pull.requests} requests (${(pull.networkMs / 1000).toFixed(1)} s waiting on them)`);
    if (options.rawBulkPut !== false) {
      const raw = await call<{ rows: number; ms: number }>(page, 'window.__garageBench.rawBulkPut(500)');
      Object.assign(pull, { rawBulkPut: raw });
      options.log(
        `  raw Dexie bulkPut of the same ${raw.rows} rows: ${(raw.ms / 1000).toFixed(1)} s; first sync = ${(pull.totalMs / raw.ms).toFixed(2)}× (goal ≤ ${targets.firstSyncRatio}×)`,
      );
    }
    const storage = await call<{ usage: number }>(page, 'window.__garageBench.storage()');

    const plans: ScreenPlan[] = [
      {
        screen: 'Items',
        path: '/inventory/items',
        table: 'items',
        pageSize: 50,
        terms: options.itemTerms,
        typed: 'brake pad',
        pagedSearch: 'oil',
      },
      {
        screen: 'Customers',
        path: '/customers',
        table: 'customers',
        pageSize: 25,
        terms: options.customerTerms,
        typed: 'nimal per',
        pagedSearch: 'perera',
      },
    ];
    const screens: ScreenReport[] = [];
    const samples: Sample[] = [];
    const queries: QuerySample[] = [];
    const cold: ColdQuery[] = [];
    for (const plan of plans) {
      const measured = await measureScreen(page, plan, options);
      screens.push(measured.report);
      samples.push(...measured.samples);
      const layer = await measureQueries(page, plan, options);
      cold.push(layer.cold);
      queries.push(...layer.samples);
    }
    const jobs = options.jobs ? await measureJobScreens(page, { ...options.jobs, baseUrl: options.baseUrl, log: options.log }) : null;
    const sales = options.sales ? await measureSalesScreens(page, { ...options.sales, baseUrl: options.baseUrl, log: options.log }) : null;
    const dashboard = options.dashboardRuns ? await measureDashboard(page, options.baseUrl, options.dashboardRuns, options.log) : null;
    const reports = options.reports ? await measureReportScreens(page, options.baseUrl, options.reports.terms, options.reports.runs, options.log) : null;
    return { chromium: browser?.version() ?? (await chromiumVersion(page)), pull, storageBytes: storage.usage, screens, samples, cold, queries, jobs, sales, dashboard, reports };
  } finally {
    await context.close();
    await context.browser()?.close();
    if (options.keepProfile) options.log(`Kept the browser profile ${profile}`);
    else rmSync(profile, { recursive: true, force: true });
  }
}

/** The browser's version from the page, when the persistent context gives no Browser object. */
async function chromiumVersion(page: Page): Promise<string> {
  const agent = await page.evaluate(() => navigator.userAgent);
  return /Chrome\/([\d.]+)/.exec(agent)?.[1] ?? 'unknown';
}
