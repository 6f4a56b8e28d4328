// Bundles the server into dist/server/main.js (dependencies stay in node_modules), so
// `npm start` runs plain JavaScript and starts in well under two seconds. esbuild takes the path
// aliases (`@server/…`, `@shared/…`) from tsconfig.json's `paths` by itself, before `packages:
// 'external'` would leave them as package names.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server/main.js');
