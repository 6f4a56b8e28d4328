import { defineConfig } from 'playwright/test';
import { baseURL, chromiumArgs, chromiumPath, dbFile, host, port } from './client/e2e/support/env';

const browser = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
};

/**
 * Browser tests against the BUILT app: `npm run build` first (npm test does), then `playwright test`.
 * Playwright cannot download its browsers here, so the tests drive Debian's Chromium
 * (CHROMIUM_PATH overrides the path). One worker: the spine tests share one server database in order.
 */
export default defineConfig({
  testDir: 'client/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  // The spine is serial on one database: a retry would replay it on a database that already has
  // the accounts, so failures are reported as they are rather than retried.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  // The spine runs first: its first test registers the first account through the UI, which makes
  // it the Admin; the feature specs then log in as that Admin (support/users.ts) on the same server.
  projects: [
    { name: 'spine', testMatch: /spine\.spec\.ts$/, use: browser },
    { name: 'chromium', testIgnore: /spine\.spec\.ts$/, dependencies: ['spine'], use: browser },
  ],
  webServer: {
    // The bundled server on a dedicated port and a fresh database (serve-fresh.mjs deletes it first).
    command: 'node client/e2e/support/serve-fresh.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: host, DB_FILE: dbFile },
  },
});
