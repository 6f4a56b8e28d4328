// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every compressible file of the built
// client, made once at build time at the highest levels, so the server never compresses assets per
// request (server/src/static-files.ts serves the copy the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/client';
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const minBytes = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name) && statSync(path).size >= minBytes) yield path;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const path of files(root)) {
  const data = readFileSync(path);
  const brotli = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  raw += data.length;
  br += brotli.length;
  count += 1;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB -> ${(br / 1024).toFixed(0)} kB brotli`);
