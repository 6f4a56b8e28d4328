// Starts the BUILT server (dist/server/main.js) on an empty database: support/fresh-server.ts runs
// this with PORT, HOST and DB_FILE set, one server per spec file. The database file (and its WAL files)
// is deleted first, so every server begins with no accounts (the first registration becomes the Admin).
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('serve-fresh.mjs: DB_FILE must be set.');
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true });

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const server = join(root, 'dist', 'server', 'main.js');
if (!existsSync(server) || !existsSync(join(root, 'dist', 'client', 'index.html'))) {
  console.error('The app is not built: run "npm run build" before "playwright test" (npm test does both).');
  process.exit(1);
}
await import(pathToFileURL(server).href);
