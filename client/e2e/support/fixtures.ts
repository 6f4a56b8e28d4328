import { test as base, expect } from 'playwright/test';
import { port as basePort } from './env';
import { startFreshServer, type FreshServer } from './fresh-server';

interface WorkerFixtures {
  /** The worker's server: one at a time, on the worker's own port (E2E_PORT + 1 + its index). */
  serverSlot: { current: { key: string; server: FreshServer } | null; port: number };
}

interface TestFixtures {
  failOnPageError: void;
  /** Whether the fresh server gets its first account (the Admin) before the spec runs; the spine says no. */
  registerAdmin: boolean;
  /** The server of this spec file (and repetition): its own port and its own, new database. */
  garage: FreshServer;
}

/**
 * Playwright's test with three additions:
 * - each spec file runs on a server of its own with a new database whose first account (the Admin,
 *   support/users.ts) is already registered, so a spec depends on no other and passes alone, in any
 *   order and twice in a row (each `--repeat-each` repetition gets a new server too). The server is
 *   started when the file's first test (or hook) asks for `baseURL`, `request`, `page` or `garage`,
 *   and stopped when the worker moves on to another file or ends. Workers use their own ports, so
 *   they run in parallel.
 * - an uncaught error in the page fails the test, so a screen that throws while it still looks right
 *   is not missed; so does anything the server's Content-Security-Policy refused
 *   (server/src/http/security-headers.ts), which would work in development and break in the shop.
 * - `request` closes each socket once answered (issue 42, point 11). Playwright keeps a request
 *   context's idle sockets with no timeout and there is no option to set one; the server closes an
 *   idle socket after 65 s, and a call written just then is reset (ECONNRESET). A socket per call is
 *   cheap on the loopback, and a reset is then a real fault, which fails the test.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverSlot: [
    async ({}, use, workerInfo) => {
      const slot: WorkerFixtures['serverSlot'] = { current: null, port: basePort + 1 + workerInfo.parallelIndex };
      await use(slot);
      await slot.current?.server.stop();
    },
    { scope: 'worker' },
  ],
  registerAdmin: [true, { option: true }],
  garage: async ({ serverSlot, registerAdmin }, use, testInfo) => {
    const key = `${testInfo.file}#${testInfo.repeatEachIndex}#${registerAdmin}`;
    if (serverSlot.current?.key !== key) {
      // Starting a server is the file's cost, not the test's: it gets time of its own (a busy 2-core
      // machine takes up to ~30 s to stop one server and start the next).
      testInfo.setTimeout(testInfo.timeout + 60_000);
      await serverSlot.current?.server.stop();
      serverSlot.current = null;
      serverSlot.current = { key, server: await startFreshServer(serverSlot.port, { registerAdmin }) };
    }
    await use(serverSlot.current.server);
  },
  baseURL: async ({ garage }, use) => {
    await use(garage.baseURL);
  },
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await use(request);
    await request.dispose();
  },
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) errors.push(`CSP: ${message.text()}`);
      });
      // A refusal the page caught (a library trying eval to see whether it may) logs nothing to the
      // console, but Chromium still reports it as an issue, and Lighthouse counts it: say it out loud.
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Content Security Policy refused ${event.violatedDirective}: ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`),
        ),
      );
      await use();
      expect(errors, 'uncaught errors or CSP violations in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
