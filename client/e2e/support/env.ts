import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** A port of its own, so a developer's `npm start` on 8080 never meets the tests. */
export const port = Number(process.env.E2E_PORT ?? 4317);
export const host = '127.0.0.1';
export const baseURL = `http://${host}:${port}`;

/** The server's database for one run: serve-fresh.mjs deletes it before the server starts. */
export const dbFile = process.env.E2E_DB_FILE ?? join(tmpdir(), `garage-e2e-${port}`, 'garage.sqlite');
