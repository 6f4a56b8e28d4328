// Is the build missing or older than its sources? `npm start` rebuilds then; the bench asks too.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/client/index.html', 'dist/server/main.js'];
const sources = ['client', 'server', 'shared', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** @param {string} root the project folder */
export function buildIsStale(root) {
  const builtAt = Math.min(...outputs.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)));
  return builtAt === 0 || Math.max(...sources.map((source) => newestMtime(join(root, source)))) > builtAt;
}

/** Only the server's build (dist/server/main.js) against the server's sources: `npm run bench -- --only drawer`. */
/** @param {string} root the project folder */
export function serverBuildIsStale(root) {
  const main = join(root, 'dist/server/main.js');
  if (!existsSync(main)) return true;
  const builtAt = statSync(main).mtimeMs;
  return Math.max(...['server', 'shared', 'package.json'].map((source) => newestMtime(join(root, source)))) > builtAt;
}
