/** Where Debian puts Chromium; CHROMIUM_PATH points elsewhere (Playwright cannot download browsers here). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Debian's Chromium quiet and working in a container without a GPU or a sandbox. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The base of the test servers' ports, so a developer's `npm start` on 8080 never meets the tests:
 * worker N's servers listen on E2E_PORT + 1 + N (support/fixtures.ts).
 */
export const port = Number(process.env.E2E_PORT ?? 4317);
export const host = '127.0.0.1';
