import type { Server } from 'node:net';

/**
 * Issue 24, point 3: with a 1,024 open-file limit, 1,000 slow request heads made normal requests time
 * out. A request head must arrive within 10 s (checked every second, not Node's 30 s), a whole request
 * within 2 minutes (a 6 MB push over a poor Wi-Fi), and the server holds at most `maxConnections`
 * sockets, well under the file limit so the database and static files can still be opened.
 */
export const connectionOptions = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  connectionsCheckingInterval: 1_000,
};

export const maxConnections = 800;

export function limitConnections<S extends Server>(server: S, max = maxConnections): S {
  server.maxConnections = max;
  return server;
}
