import type { Server } from 'node:net';

/**
 * Issue 24, point 3: with a 1,024 open-file limit, 1,000 slow request heads made normal requests time
 * out. A request head must arrive within 10 s (checked every second, not Node's 30 s), a whole request
 * within 2 minutes (a 6 MB push over a poor Wi-Fi), and the server holds at most `maxConnections`
 * sockets, well under the file limit so the database and static files can still be opened.
 *
 * Issue 42, point 11: an idle keep-alive socket is kept 65 s, not Node's default 5 s. Tablets and
 * browsers reuse their sockets (on HTTPS, saving a handshake), and a request written just as the server
 * closes its end is reset. 65 s outlasts the app's own gaps (a sync every 30 s, backoff up to 60 s),
 * and the `Keep-Alive: timeout=65` it sends lets undici (Node's fetch) and Node agents given a timeout
 * close theirs first; an agent without one ignores it (Playwright's: client/e2e/support/fixtures.ts).
 * The 10 s head limit still holds: Node counts it from a request's first byte, not across an idle wait.
 */
export const connectionOptions = {
  keepAliveTimeout: 65_000,
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  connectionsCheckingInterval: 1_000,
};

export const maxConnections = 800;

export function limitConnections<S extends Server>(server: S, max = maxConnections): S {
  server.maxConnections = max;
  return server;
}
