import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  /** What index.html loads directly: its module script, modulepreloads and stylesheets. */
  entry: FileSize[];
  entryTotal: { raw: number; gzip: number; jsGzip: number; cssGzip: number };
  /** Everything the service worker precaches (deduplicated), and the worker's own scripts. */
  precache: { files: number; raw: number; gzip: number };
  serviceWorker: { raw: number; gzip: number };
}

function size(root: string, file: string): FileSize {
  const bytes = readFileSync(join(root, file.replace(/^\//, '')));
  // zlib's default level (6), what a typical server's on-the-fly gzip sends.
  return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
}

const sum = (files: FileSize[]) => ({ raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) });

export function measureBundle(clientDir: string): BundleReport {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entryFiles = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) entryFiles.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && (rel === 'stylesheet' || rel === 'modulepreload')) entryFiles.add(href);
  }
  const entry = [...entryFiles].filter((file) => !/^https?:/.test(file)).map((file) => size(clientDir, file));
  const js = entry.filter((f) => f.file.endsWith('.js'));
  const css = entry.filter((f) => f.file.endsWith('.css'));

  const sw = readFileSync(join(clientDir, 'sw.js'), 'utf8');
  const precached = [...new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!))].filter((file) => existsSync(join(clientDir, file)));
  const precacheFiles = precached.map((file) => size(clientDir, file));
  const workerFiles = ['sw.js', ...[...sw.matchAll(/"\.\/(workbox-[\w-]+)"/g)].map((m) => `${m[1]}.js`)]
    .filter((file) => existsSync(join(clientDir, file)))
    .map((file) => size(clientDir, file));

  return {
    entry,
    entryTotal: { ...sum(entry), jsGzip: sum(js).gzip, cssGzip: sum(css).gzip },
    precache: { files: precacheFiles.length, ...sum(precacheFiles) },
    serviceWorker: sum(workerFiles),
  };
}
