import { serve } from '@hono/node-server';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from './config';
import { closeDb, openDatabase } from './db/connection';
import { createApp } from './app';
import { serveClient } from './static-files';
import { projectRoot } from './project-root';
import { LoginThrottle } from './auth/login-throttle';
import { markServerRunning } from './db/server-lock';
import { schedulePruning } from './sync/prune-applied-mutations';
import { newSetupCode } from './auth/first-account';
import { watchPasswordResets } from './auth/password-reset';
import { shopLinks } from './http/shop-addresses';
import { users } from './db/schema';
import { connectionOptions, limitConnections } from './http/connection-limits';
import { streamLimits } from './sync/poke-stream';
import { ChangeNotifier } from './sync/change-notifier';
import { connectDoorbell } from './sync/pg-doorbell';

const config = readConfig();
streamLimits.perUser = config.POKE_STREAMS_PER_USER;
streamLimits.total = config.POKE_STREAMS_TOTAL;
const db = await openDatabase(config);
// A restore refuses while this mark names a live process (db/server-lock.ts). PostgreSQL's restore is
// its own tools' (README, 'Running a chain on PostgreSQL').
const unmark = config.DATABASE_URL || config.DB_FILE === ':memory:' ? () => {} : markServerRunning(config.DB_FILE);
await schedulePruning(db);
// No account yet: the first one (the Admin) is made on this PC, or elsewhere with this start's code.
const setupCode = (await db.select({ id: users.id }).from(users).limit(1).get()) ? null : newSetupCode();
const throttle = new LoginThrottle();
const changes = new ChangeNotifier();
// Other server processes on the same PostgreSQL database poke this one's devices, and it theirs.
const stopDoorbell = config.DATABASE_URL ? await connectDoorbell(config.DATABASE_URL, changes) : async () => {};
const app = createApp({ db, config, throttle, setupCode, changes });
// `npm run reset-password` on this PC leaves a notice; the server's log is where the shop sees it.
await watchPasswordResets(db, { throttle });
serveClient(app, join(projectRoot(), 'dist', 'client'));

const tls =
  config.TLS_CERT && config.TLS_KEY
    ? { createServer: createHttpsServer, serverOptions: { ...connectionOptions, cert: readFileSync(config.TLS_CERT), key: readFileSync(config.TLS_KEY) } }
    : { serverOptions: connectionOptions };

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, ...tls }, (info) => {
  const scheme = config.TLS_CERT ? 'https' : 'http';
  const where = config.DATABASE_URL ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}` : config.DB_FILE;
  console.log(`Garage back office on ${scheme}://${info.address}:${info.port} (database ${where})`);
  if (setupCode) {
    console.log(`No account yet. Create the administrator's account on this PC at ${scheme}://localhost:${info.port}/`);
    const links = shopLinks({ scheme, host: config.HOST, port: info.port, path: `/?setup=${setupCode}` });
    if (links.length === 0) console.log(`Other devices cannot reach it (HOST ${config.HOST}, or this PC has no network address; setup code ${setupCode}).`);
    else console.log(`or on another device at ${links.join(' or ')} (setup code ${setupCode}).`);
  }
});

limitConnections(server, config.MAX_CONNECTIONS);

function shutdown() {
  server.close();
  unmark();
  void stopDoorbell()
    .then(async () => closeDb(db))
    .finally(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
