import { defineConfig } from 'playwright/test';
import { chromiumArgs, chromiumPath } from './client/e2e/support/env';

/**
 * Browser tests against the BUILT app: `npm run build` first (npm test does), then `playwright test`.
 * Playwright cannot download its browsers here, so the tests drive Debian's Chromium
 * (CHROMIUM_PATH overrides the path). Each spec file runs on a server of its own with a new database
 * (support/fixtures.ts), on its worker's port: E2E_PORT + 1 + the worker's index.
 */
export default defineConfig({
  testDir: 'client/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // A file's tests run in order on one worker (many specs are serial stories on their database);
  // files run in parallel on the workers.
  fullyParallel: false,
  // Two workers on a 2-core machine: measured fastest (see docs/benchmarks-history.md); E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A serial spec's retry would replay it on a database that already holds its first attempt's
  // records, so failures are reported as they are rather than retried.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium' }],
});
