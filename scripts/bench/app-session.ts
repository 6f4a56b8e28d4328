// One device of a browser bench: the built app's server on a seeded SQLite file, a Chromium profile
// of its own with the page harness (page-harness.ts) loaded in every page, a login and the whole first
// sync. Shared by the benches that time screens after the first sync (top-search, keystrokes,
// first-search), so each says only what it measures.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import { startServer, type RunningServer } from './server-process';
import { projectRoot } from '@server/project-root';

/** The page harness, bundled from `root`'s own sources (a compared build brings its own query layer). */
export async function bundleHarness(root: string, { minify = true } = {}): Promise<string> {
  const bundled = await build({
    entryPoints: [join(root, 'scripts/bench/page-harness.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    minify,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  return bundled.outputFiles[0]!.text;
}

/** Runs an expression in the page (the harness's `window.__garageBench…`). */
export const callInPage = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;

export interface AppSessionOptions {
  /** The checkout whose `dist/` is served. */
  appRoot: string;
  dbFile: string;
  harness: string;
  email: string;
  password: string;
  /** How long the first sync may take before the bench gives up. */
  syncLimitMs: number;
  log: (line: string) => void;
  /**
   * A folder that keeps the browser's profile and the server's port after the bench, so a later run
   * with the same folder (and the same dbFile) skips the login and the first sync: at a big shop's
   * size that sync takes most of an hour. The port is kept because IndexedDB belongs to an origin.
   */
  keepDir?: string;
}

export interface AppSession {
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  /** The login click to the sync recording its end, as the main bench measures it (browser.ts). */
  syncMs: number;
  close(): Promise<void>;
}

/** A server and a browser device, logged in, after its whole first sync. */
export async function openAppSession(options: AppSessionOptions): Promise<AppSession> {
  const { appRoot, dbFile, harness, log, keepDir } = options;
  const portFile = keepDir ? join(keepDir, 'port') : '';
  const syncedFile = keepDir ? join(keepDir, 'synced') : '';
  const kept = keepDir !== undefined && existsSync(syncedFile);
  const port = keepDir && existsSync(portFile) ? Number(readFileSync(portFile, 'utf8')) : undefined;
  const server = await startServer({ command: process.execPath, args: [join(appRoot, 'dist/server/main.js')], cwd: appRoot, dbFile, port });
  if (keepDir && port === undefined) {
    mkdirSync(keepDir, { recursive: true });
    writeFileSync(portFile, String(new URL(server.baseUrl).port));
  }
  const profileDir = keepDir ? join(keepDir, 'profile') : mkdtempSync(join(tmpdir(), 'garage-bench-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  const close = async () => {
    await context.close().catch(() => undefined);
    await server.stop();
    if (!keepDir) rmSync(profileDir, { recursive: true, force: true });
  };
  try {
    await context.addInitScript({ content: harness });
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`  page error: ${error.message}`));
    if (kept) {
      // Logged in and synced in an earlier run: the device starts from its own database, with the
      // build now in dist/ (a service worker left from the earlier run would serve its own build
      // until a user's 'Reload'; its caches go with it, IndexedDB stays).
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
        for (const name of await caches.keys()) await caches.delete(name);
      });
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.waitForURL('**/dashboard');
      return { server, context, page, syncMs: 0, close };
    }
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('Email', { exact: true }).fill(options.email);
    await page.getByLabel('Password', { exact: true }).fill(options.password);
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    for (;;) {
      const state = await callInPage<Record<string, string>>(page, 'window.__garageBench.syncState()');
      if (state.lastSyncAt && Date.parse(state.lastSyncAt) >= clickedAt && !state.download && !state.priorityCursor) {
        if (keepDir) writeFileSync(syncedFile, state.lastSyncAt);
        return { server, context, page, syncMs: Date.parse(state.lastSyncAt) - clickedAt, close };
      }
      if (Date.now() - clickedAt > options.syncLimitMs) throw new Error(`the first sync did not finish in ${options.syncLimitMs / 60_000} minutes`);
      await page.waitForTimeout(200);
    }
  } catch (error) {
    await close();
    throw error;
  }
}

/** What `top-search.ts --keep DIR` keeps beside the device: the queries it types and the Admin's email. */
export interface KeptPlan {
  queries: [string, string][];
  adminEmail: string;
}

/** The device kept by `top-search.ts --keep DIR` opened again (its server, browser profile and first sync kept), with its plan. */
export async function openKeptDevice(keep: string, log: (line: string) => void = console.log): Promise<{ session: AppSession; plan: KeptPlan; root: string }> {
  const root = projectRoot();
  const plan = JSON.parse(readFileSync(join(keep, 'plan.json'), 'utf8')) as KeptPlan;
  const session = await openAppSession({
    appRoot: root,
    dbFile: join(keep, 'garage.sqlite'),
    harness: await bundleHarness(root),
    email: plan.adminEmail,
    password: 'admin123',
    syncLimitMs: 60_000,
    log,
    keepDir: join(keep, 'device'),
  });
  return { session, plan, root };
}
