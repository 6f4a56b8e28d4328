// Where the first keystrokes after a reload wait (issue 28): on a device kept by
// `top-search.ts --keep DIR`, reloads the dashboard, types the first query a key at a time at once,
// and prints each keystroke's time, the long tasks, and the functions by self time in that window.
// Build with `sourcemap: true` to read the names.
//   npx tsx scripts/bench/profile-first-keystrokes.ts --keep DIR [--runs 2] [--window 1500]
import { parseArgs } from 'node:util';
import { callInPage, openKeptDevice } from './app-session';
import type { Timing } from './page-harness';
import { frameNamer, type CallFrame } from './cpu-profile-names';

const { values } = parseArgs({ options: { keep: { type: 'string' }, runs: { type: 'string', default: '2' }, window: { type: 'string', default: '1500' } } });
if (!values.keep) throw new Error('--keep DIR: a device kept by top-search.ts');
const { session, plan, root } = await openKeptDevice(values.keep);
const typed = plan.queries[0]![1];
const { page, context, server } = session;
try {
  await page.waitForTimeout(30_000);
  await context.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __tasks: typeof tasks }).__tasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  for (let run = 1; run <= Number(values.runs); run++) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.goto(`${server.baseUrl}/dashboard`);
    await cdp.send('Profiler.start');
    await page.getByRole('combobox', { name: 'Search' }).focus();
    const lines: string[] = [];
    for (let length = 1; length <= typed.length; length++) {
      const at = await page.evaluate(() => Math.round(performance.now()));
      const timing = await callInPage<Timing>(
        page,
        `window.__garageBench.jobs.typeIn('Search', ${JSON.stringify(typed.slice(0, length))}, { changed: '.global-search-results[aria-busy="false"]' }, 3000)`,
      );
      lines.push(`'${typed.slice(0, length)}' typed at ${at} ms: ${timing.status} after ${timing.domMs?.toFixed(1)} ms`);
    }
    await page.waitForTimeout(Math.max(0, Number(values.window) - (await page.evaluate(() => performance.now()))));
    const { profile } = await cdp.send('Profiler.stop');
    const tasks = await page.evaluate(() => (window as unknown as { __tasks: { start: number; duration: number }[] }).__tasks);
    console.log(`\nrun ${run}:\n  ${lines.join('\n  ')}`);
    console.log(
      '  spans: ' +
        (await page.evaluate(() =>
          performance
            .getEntriesByType('measure')
            .filter((e) => e.name.startsWith('search:'))
            .map((e) => `${e.name.replace('search: ', '').replace(/ index .*\(/, ' (')} ${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`)
            .join(', '),
        )),
    );
    console.log(`  long tasks (start+ms): ${tasks.map((t) => `${t.start}+${t.duration}`).join(' ')}`);
    report(profile);
    await cdp.detach();
  }
} finally {
  await session.close();
}

function report(profile: { nodes: { id: number; callFrame: CallFrame }[]; samples?: number[]; timeDeltas?: number[]; startTime: number; endTime: number }) {
  const nameOf = frameNamer(root, server.baseUrl);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!)!;
    const { key } = nameOf(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
}
