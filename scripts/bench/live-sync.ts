// Live between devices: two Chromium contexts (two tablets) logged in as the same Admin; A adds a
// category through its form, and the time until the name shows on B's Category Management screen
// is measured. The path is A's outbox → push → server → poke (GET /api/sync/events) → B's pull →
// B's screen. See docs/benchmarks.md.
import { chromium, type BrowserContext, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { median, percentile } from './browser';

export { percentile };

export interface LiveTrial {
  name: string;
  /** A's Save click → the name in B's table (null: not seen within the timeout). */
  ms: number | null;
  /** Parts of it, from A's click (null where the request was not found). */
  pushStartMs: number | null;
  pushEndMs: number | null;
  pullStartMs: number | null;
  pullEndMs: number | null;
}

export interface LiveReport {
  chromium: string;
  trials: LiveTrial[];
  /** Login click → both mirrors complete (both devices pull everything at once). */
  firstSyncMs: number;
  timeoutMs: number;
  stats: { n: number; seen: number; p50: number; p95: number; max: number; min: number };
  parts: { pushStart: number; pushEnd: number; pullStart: number; pullEnd: number };
}

export interface LiveBenchOptions {
  baseUrl: string;
  harness: string;
  email: string;
  password: string;
  expected: Record<string, number>;
  trials?: number;
  timeoutMs?: number;
  /** How long both devices' first sync may take (10 minutes unless given). */
  mirrorTimeoutMs?: number;
  log: (line: string) => void;
}

// Runs in B: a MutationObserver on the document notes, with the page's own clock (epoch ms), when
// the watched name first appears in the categories table.
const watcherScript = `
window.__live = {
  seen: {},
  watch(name) {
    const table = () => document.querySelector('table.table tbody');
    const check = () => {
      if (this.seen[name] === undefined && (table()?.textContent ?? '').includes(name)) {
        this.seen[name] = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  },
  requests(part, since) {
    return performance.getEntriesByType('resource')
      .filter((e) => e.name.includes(part) && performance.timeOrigin + e.startTime >= since)
      .map((e) => ({ start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd }));
  },
};`;

async function loginThroughForm(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

async function waitForMirror(page: Page, expected: Record<string, number>, since: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = (await page.evaluate('window.__garageBench.counts()')) as Record<string, number> | null;
    const complete = !!counts && Object.entries(expected).every(([table, n]) => (counts[table] ?? 0) >= n);
    if (complete) {
      const state = (await page.evaluate('window.__garageBench.syncState()')) as Record<string, string>;
      if (state.lastSyncAt && Date.parse(state.lastSyncAt) >= since) return;
    }
    if (Date.now() > deadline) throw new Error(`live bench: the first sync did not finish in time: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function openCategories(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/categories`);
  await page.getByRole('heading', { name: 'Category Management' }).waitFor();
  await page.locator('table.table tbody tr td').first().waitFor();
  await page.locator('[data-testid="sync-indicator"].sync-synced').waitFor({ timeout: 30_000 });
}

export async function runLiveBench(options: LiveBenchOptions): Promise<LiveReport> {
  const trialCount = options.trials ?? 50;
  const timeoutMs = options.timeoutMs ?? 45_000;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const contexts: BrowserContext[] = [];
  try {
    const device = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
      contexts.push(context);
      await context.addInitScript({ content: options.harness });
      await context.addInitScript({ content: watcherScript });
      const page = await context.newPage();
      page.on('pageerror', (error) => options.log(`  page error: ${error.message}`));
      return page;
    };
    const [a, b] = [await device(), await device()];

    // Two tablets log in at once; each pulls the whole shop before the trials start.
    const loginAt = Date.now();
    await Promise.all([a, b].map(async (page) => loginThroughForm(page, options.baseUrl, options.email, options.password)));
    await Promise.all([a, b].map(async (page) => waitForMirror(page, options.expected, loginAt, options.mirrorTimeoutMs ?? 600_000)));
    const firstSyncMs = Date.now() - loginAt;
    options.log(`  both devices logged in and synced in ${(firstSyncMs / 1000).toFixed(1)} s`);
    await Promise.all([a, b].map(async (page) => openCategories(page, options.baseUrl)));

    const runId = Date.now().toString(36).slice(-4);
    const trials: LiveTrial[] = [];
    const warmUps = 2;
    for (let i = -warmUps; i < trialCount; i++) {
      const name = `Live ${runId} ${i < 0 ? `warm-up ${-i}` : String(i + 1).padStart(2, '0')}`;
      await b.evaluate(`window.__live.watch(${JSON.stringify(name)})`);
      await a.getByRole('button', { name: '+ Add New Category' }).click();
      const modal = a.locator('.modal[role="dialog"]');
      await modal.getByLabel('Category Name').fill(name);
      await modal.getByLabel('Description').fill('Added on device A');
      // The action, timed in A with the page's own clock: the Save click.
      const clickedAt = (await a.evaluate(`(() => {
        const save = [...document.querySelectorAll('.modal[role="dialog"] button')].find((button) => button.textContent.trim() === 'Save');
        const at = performance.timeOrigin + performance.now();
        save.click();
        return at;
      })()`)) as number;
      const seen = await b
        // A function, not a string expression: a string is evaluated on every poll, which the app's CSP refuses (browser.ts).
        .waitForFunction((row) => (window as unknown as { __live: { seen: Record<string, number> } }).__live.seen[row], name, { timeout: timeoutMs, polling: 50 })
        .then(async () => (await b.evaluate(`window.__live.seen[${JSON.stringify(name)}]`)) as number)
        .catch(() => null);
      await modal.waitFor({ state: 'detached', timeout: 10_000 });
      const pushes = (await a.evaluate(`window.__live.requests('/api/sync/push', ${clickedAt})`)) as { start: number; end: number }[];
      const pulls = (await b.evaluate(`window.__live.requests('/api/sync/pull', ${clickedAt})`)) as { start: number; end: number }[];
      const push = pushes[0];
      // B's pull that brought the row: the last one that started before the name appeared.
      const pull = seen === null ? pulls[0] : pulls.filter((p) => p.start <= seen).at(-1);
      const rel = (t: number | undefined) => (t === undefined ? null : t - clickedAt);
      const trial: LiveTrial = {
        name,
        ms: seen === null ? null : seen - clickedAt,
        pushStartMs: rel(push?.start),
        pushEndMs: rel(push?.end),
        pullStartMs: rel(pull?.start),
        pullEndMs: rel(pull?.end),
      };
      const fmt = (v: number | null) => (v === null ? '-' : `${Math.round(v)}`);
      options.log(
        `    ${i < 0 ? 'warm-up' : `trial ${i + 1}`}: ${trial.ms === null ? `NOT SEEN within ${timeoutMs / 1000} s` : `${Math.round(trial.ms)} ms`}` +
          ` (A push ${fmt(trial.pushStartMs)}-${fmt(trial.pushEndMs)} ms, B pull ${fmt(trial.pullStartMs)}-${fmt(trial.pullEndMs)} ms)`,
      );
      if (i >= 0) trials.push(trial);
      // Let both devices settle (A pulls its own change after its poke too) before the next one.
      await Promise.all(
        [a, b].map((page) =>
          page
            .locator('[data-testid="sync-indicator"].sync-synced')
            .waitFor({ timeout: 30_000 })
            .catch(() => undefined),
        ),
      );
      await a.waitForTimeout(250 + Math.random() * 250);
    }

    const seenMs = trials.map((t) => t.ms).filter((v): v is number => v !== null);
    const part = (pick: (t: LiveTrial) => number | null) => median(trials.map(pick).filter((v): v is number => v !== null));
    return {
      chromium: browser.version(),
      trials,
      firstSyncMs,
      timeoutMs,
      stats: {
        n: trials.length,
        seen: seenMs.length,
        // A trial never seen counts as the timeout: it must not make the percentiles look better.
        p50: percentile(
          trials.map((t) => t.ms ?? timeoutMs),
          50,
        ),
        p95: percentile(
          trials.map((t) => t.ms ?? timeoutMs),
          95,
        ),
        max: Math.max(...trials.map((t) => t.ms ?? timeoutMs)),
        min: Math.min(...trials.map((t) => t.ms ?? timeoutMs)),
      },
      parts: {
        pushStart: part((t) => t.pushStartMs),
        pushEnd: part((t) => t.pushEndMs),
        pullStart: part((t) => t.pullStartMs),
        pullEnd: part((t) => t.pullEndMs),
      },
    };
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close();
  }
}
