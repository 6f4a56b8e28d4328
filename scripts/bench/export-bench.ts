// Issue 43: the device's export at a big shop's catalogue (50,000 items, 20,000 customers), in
// Chromium with the app's own code and a real IndexedDB: the time from the click's call to the file's
// bytes (saving not included), and the page's long tasks meanwhile. No server and no sync: the rows
// are written straight into a device database first (untimed).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../client/e2e/support/env';
import type { ExportRun } from './export-harness';

export const exportGoals = { longestTaskMs: 50 } as const;

export async function measureExport(root: string, { items, customers, runs }: { items: number; customers: number; runs: number }): Promise<ExportRun[]> {
  const bundle = async (entry: string) =>
    (
      await build({
        entryPoints: [join(root, entry)],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'chrome110',
        minify: true,
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'warning',
      })
    ).outputFiles[0]!.text;
  const script = await bundle('scripts/bench/export-harness.ts');
  const worker = await bundle('client/src/lib/export/export.worker.ts');
  // IndexedDB needs an origin: a page of our own on the loopback address.
  const server = createServer((request, response) => {
    if (request.url === '/harness.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (request.url === '/export-worker.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><meta charset="utf-8"><script src="/harness.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return (await page.evaluate(`window.__exportBench.run(${items}, ${customers}, ${runs})`, undefined)) as ExportRun[];
  } finally {
    await browser.close();
    server.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One line per export: the median time of the runs, rows, size, and the longest task of any run. */
export function exportLines(runs: readonly ExportRun[]): string[] {
  const kinds = [...new Set(runs.map((run) => run.what))];
  return kinds.map((what) => {
    const of = runs.filter((run) => run.what === what);
    const longest = Math.max(...of.map((run) => run.longestTaskMs));
    const ms = of.map((run) => run.ms);
    return `${what}: ${of[0]!.rows.toLocaleString('en-US')} rows, ${(of[0]!.bytes / 1e6).toFixed(1)} MB, median ${(median(ms) / 1000).toFixed(2)} s (${ms.map((value) => (value / 1000).toFixed(2)).join(', ')}); longest main-thread task ${longest.toFixed(0)} ms (goal < ${exportGoals.longestTaskMs}), ${of.reduce((sum, run) => sum + run.longTasks, 0)} tasks over 50 ms in ${of.length} runs`;
  });
}
