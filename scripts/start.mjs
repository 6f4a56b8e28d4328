// `npm start`: build first when the build is missing or older than the sources, then serve.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-freshness.mjs';

if (buildIsStale(fileURLToPath(new URL('..', import.meta.url)))) {
  console.log('Building the app (first start or changed sources)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(new URL('../dist/server/main.js', import.meta.url).href);
