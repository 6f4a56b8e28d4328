// Starts the BUILT server (dist/server/main.js) on an empty database: support/fresh-server.ts runs
// this with PORT, HOST and DB_FILE set, one server per spec file. The database file (and its WAL files)
// is deleted first, so every server begins with no accounts (the first registration becomes the Admin).
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('serve-fresh.mjs: DB_FILE must be set.');
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });

// E2E_DATABASE_URL (issue 46): the server runs on PostgreSQL instead, on a database of its own made
// afresh on that server (named after the port), as npm test's money-flow specs do on both engines.
const pgAdminUrl = process.env.E2E_DATABASE_URL;
if (pgAdminUrl) {
  const { default: pg } = await import('pg');
  const name = `garage_e2e_${process.env.PORT}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  const { dropDatabase } = await import('../../../tests/support/drop-database.mjs');
  await dropDatabase(admin, name);
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'`);
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const server = join(root, 'dist', 'server', 'main.js');
if (!existsSync(server) || !existsSync(join(root, 'dist', 'client', 'index.html'))) {
  console.error('The app is not built: run "npm run build" before "playwright test" (npm test does both).');
  process.exit(1);
}
await import(pathToFileURL(server).href);
