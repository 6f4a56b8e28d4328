import type { BundleReport } from './bundle-size';
import { median, stats, type BrowserReport, type QuerySample } from './browser';
import type { ServerReport } from './server-timings';
import type { SeedResult } from './seed-data';
import { httpWarmup, type PushReport, type PushResult } from './push-throughput';
import type { LiveReport } from './live-sync';
import type { PurchasingReport } from './purchasing-bench';
import type { FanoutReport } from './poke-fanout';
import { jobTargets, type JobGroup, type JobScreensReport } from './job-screens';
import type { InvoiceSeedResult } from './seed-invoices';
import { renderSales, salesSummary } from './sales-report';
import { lighthouseSummaryRows, renderLighthouse, type LighthouseReport } from './lighthouse-report';
import { arrivalGoals } from './goals';
import type { ReportScreensReport } from './report-screens';
import { targets } from './targets';

export interface BenchResults {
  date: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; os: string; loadBefore: number[]; loadAfter: number[] };
  seed: {
    options: { items: number; customers: number; categories: number; services: number; jobs?: number; invoices?: number; unpaid?: number; seed: string };
    result: SeedResult;
    /** Invoices (issues 8 and 9), when seeded. */
    invoices?: InvoiceSeedResult | null;
  };
  coldStart: { serverMs: number[]; npmStartMs: number[] | null; npmStartNote?: string };
  bundle: BundleReport;
  server: ServerReport | null;
  browser: BrowserReport | null;
  push: PushReport | null;
  live: LiveReport | null;
  fanout: FanoutReport | null;
  /** Lighthouse on the login page and the dashboard (issue 11); absent with --no-lighthouse. */
  lighthouse?: LighthouseReport | null;
  /** Issue 44's purchasing screens (`--only purchasing`). */
  purchasing?: PurchasingReport | null;
  durationMs: number;
}

export { targets };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : 'n/a');
const int = (value: number) => value.toLocaleString('en-US');
const mbKb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const perSecond = (result: PushResult) => `${int(Math.round(result.median.perSecond))} /s`;

export { stats };

const verdict = (value: number, target: number) => (Number.isFinite(value) ? (value < target ? 'met' : '**missed**') : 'not measured');

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

/** The figures as Markdown: a summary against the targets, then the details behind each figure. */
export function renderResults(r: BenchResults): string {
  const out: string[] = [];
  const { options, result } = r.seed;
  const t = result.totals;
  const jobRows = (t.jobCards ?? 0) + (t.jobLines ?? 0) + (t.jobStatusChanges ?? 0);
  const inv = r.seed.invoices;
  // The sales add invoices, lines, payments and sale movements (the items they move were counted already).
  const salesRows = inv ? inv.totals.invoices + inv.totals.invoiceLines + inv.totals.payments + (inv.totals.stockMovements - t.stockMovements) : 0;
  const rowsTotal = t.items + t.customers + t.categories + t.services + t.company + t.stockMovements + jobRows + salesRows;
  out.push(
    `Run on ${r.date}: ${r.machine.cpu}, **${r.machine.cores} cores**, ${r.machine.memoryGb} GB RAM, ${r.machine.os}, Node ${r.machine.node}` +
      (r.browser ? `, Chromium ${r.browser.chromium}` : '') +
      '.',
  );
  out.push(
    `Load average (1/5/15 min) before: ${r.machine.loadBefore.map((l) => l.toFixed(2)).join(' / ')}, after: ${r.machine.loadAfter.map((l) => l.toFixed(2)).join(' / ')}` +
      ' (a load above 2 means other work shared the two cores; figures are then pessimistic).',
  );
  out.push(
    `Data: ${int(result.totals.items)} items (and ${int(result.totals.stockMovements)} opening stock movements), ${int(result.totals.customers)} customers, ${int(result.totals.categories)} categories, ${int(result.totals.services)} services` +
      (t.jobCards ? `, ${int(t.jobCards)} job cards (with ${int(t.jobLines)} lines and ${int(t.jobStatusChanges)} status history rows)` : '') +
      (inv
        ? `, ${int(inv.totals.invoices)} invoices (${int(inv.totals.unpaid)} unpaid; ${int(inv.totals.invoiceLines)} lines, ${int(inv.totals.payments)} payments, ${int(inv.created.stockMovements)} sale movements)`
        : '') +
      ` (seed '${options.seed}'), seeded in ${(result.ms.total / 1000).toFixed(1)} s. Whole bench run: ${(r.durationMs / 1000).toFixed(0)} s.`,
  );
  out.push('');

  const summary: (string | number)[][] = [];
  if (r.browser) {
    for (const screen of r.browser.screens) {
      const search = stats(r.browser.samples, screen.screen, 'search');
      const page = stats(r.browser.samples, screen.screen, 'page');
      if (screen.ui) {
        summary.push([
          `${screen.screen}: search keystroke → results in the table (${search.n} keystrokes)`,
          `every one < ${targets.searchMs} ms`,
          `median ${ms(search.median)}, 95th ${ms(search.p95)}, max ${ms(search.max)}`,
          verdict(search.max, targets.searchMs),
        ]);
        summary.push([
          `${screen.screen}: page change → new page in the table (${page.n} clicks)`,
          `< ${targets.pageMs} ms`,
          `median ${ms(page.median)}, max ${ms(page.max)}`,
          verdict(page.max, targets.pageMs),
        ]);
      } else {
        const q = r.browser.queries.filter((s) => s.table === screen.screen.toLowerCase());
        const searchQ = q.filter((s) => s.page === 1 && s.search !== '').map((s) => median(s.liveMs));
        const pageQ = q.filter((s) => s.page !== 1).map((s) => median(s.liveMs));
        summary.push([
          `${screen.screen}: search query only (screen is a placeholder)`,
          `< ${targets.searchMs} ms`,
          `median ${ms(median(searchQ))}, max ${ms(Math.max(...searchQ))}`,
          verdict(Math.max(...searchQ), targets.searchMs),
        ]);
        summary.push([
          `${screen.screen}: page query only (screen is a placeholder)`,
          `< ${targets.pageMs} ms`,
          `median ${ms(median(pageQ))}, max ${ms(Math.max(...pageQ))}`,
          verdict(Math.max(...pageQ), targets.pageMs),
        ]);
      }
    }
    if (r.browser.jobs) summary.push(...jobSummary(r.browser.jobs));
    if (r.browser.sales) summary.push(...salesSummary(r.browser.sales, r.bundle));
    if (r.browser.dashboard) {
      const figures = (prefix: string) => r.browser!.dashboard!.samples.filter((sample) => sample.action.startsWith(prefix)).map((sample) => sample.ms);
      const row = (label: string, prefix: string, target: number) => {
        const values = figures(prefix);
        if (values.length) summary.push([label, `< ${target} ms`, `median ${ms(median(values))}, max ${ms(Math.max(...values))}`, verdict(Math.max(...values), target)]);
      };
      row('Dashboard: side menu → every figure (issue 10)', 'Side menu', 200);
      row('Dashboard: Job Status period change (issue 10)', 'Job Status', 200);
      row('Cold start offline: reload /dashboard with the network cut → every figure (issue 11)', 'Reload /dashboard offline', 1000);
    }
    const { rawBulkPut } = r.browser.pull;
    if (rawBulkPut) {
      const ratio = r.browser.pull.totalMs / rawBulkPut.ms;
      summary.push([
        `Device first sync: login → all ${int(rowsTotal)} rows in IndexedDB, against a raw Dexie bulkPut of them (same page)`,
        `≤ ${targets.firstSyncRatio}×`,
        `${(r.browser.pull.totalMs / 1000).toFixed(1)} s against ${(rawBulkPut.ms / 1000).toFixed(1)} s: ${ratio.toFixed(2)}×`,
        ratio <= targets.firstSyncRatio ? 'met' : '**missed**',
      ]);
    } else {
      summary.push([`Device first sync: login → all ${int(rowsTotal)} rows in IndexedDB`, '', `${(r.browser.pull.totalMs / 1000).toFixed(1)} s`, '']);
    }
  }
  if (r.push) {
    for (const result of r.push.inProcess) summary.push([`Push, in-process (${result.key}) ${result.label}`, '', perSecond(result), '']);
    if (r.push.http) summary.push([`Push through HTTP: ${r.push.http.label}`, '', perSecond(r.push.http), '']);
  }
  if (r.live) {
    const { stats } = r.live;
    summary.push([
      `Live: Save on device A → the name on device B's screen (${stats.n} trials${stats.seen < stats.n ? `, ${stats.n - stats.seen} never seen` : ''})`,
      `p95 < ${targets.liveP95Ms / 1000} s`,
      `p50 ${ms(stats.p50)}, p95 ${ms(stats.p95)}, max ${ms(stats.max)}`,
      verdict(stats.p95, targets.liveP95Ms),
    ]);
  }
  if (r.fanout) {
    const f = r.fanout;
    summary.push([`Server memory (RSS) with ${f.connections} poke streams open`, '', `${mbKb(f.rssKb.idle)} → ${mbKb(f.rssKb.connected)}`, '']);
    summary.push([`One write → poke received by all ${f.connections} streams`, '', f.received === f.connections ? ms(f.lastPokeMs) : `only ${f.received} received`, '']);
  }
  if (r.lighthouse) summary.push(...lighthouseSummaryRows(r.lighthouse));
  summary.push(['Cold start, built server (spawn → /api/health answers), median of ' + r.coldStart.serverMs.length, '', ms(median(r.coldStart.serverMs)), '']);
  summary.push([
    'Cold start, `npm start` (build up to date)' + (r.coldStart.npmStartMs ? `, median of ${r.coldStart.npmStartMs.length}` : ''),
    '',
    r.coldStart.npmStartMs ? ms(median(r.coldStart.npmStartMs)) : (r.coldStart.npmStartNote ?? 'not measured'),
    '',
  ]);
  summary.push([
    'Client entry bundle, gzip (JS + CSS index.html loads)',
    '',
    `${kb(r.bundle.entryTotal.gzip)} (JS ${kb(r.bundle.entryTotal.jsGzip)}, CSS ${kb(r.bundle.entryTotal.cssGzip)})`,
    '',
  ]);
  summary.push([`Service worker precache, ${r.bundle.precache.files} files`, '', `${kb(r.bundle.precache.raw)} raw, ${kb(r.bundle.precache.gzip)} gzip`, '']);
  out.push(table(['Figure', 'Target', 'Measured', ''], summary));
  out.push('');
  const goals = arrivalGoals(r);
  if (goals.length) {
    out.push('### Issues 10, 11, 24 and 47: each figure beside its goal');
    out.push('');
    out.push(
      table(
        ['Figure', 'Goal', 'Measured', ''],
        goals.map((g) => [g.figure, g.goal, g.measured, g.met === null ? 'n/a' : g.met ? 'met' : '**missed**']),
      ),
    );
    out.push('');
  }
  if (r.browser?.reports) out.push(...renderReports(r.browser.reports), '');

  if (r.browser) {
    const { pull } = r.browser;
    out.push('### Device first sync (Chromium, IndexedDB)');
    out.push('');
    out.push(
      table(
        ['', ''],
        [
          ['Login click → mirror complete', `${(pull.totalMs / 1000).toFixed(1)} s`],
          ['Pull requests', `${pull.requests} (${kb(pull.bytes)} on the wire)`],
          ['Time waiting on those requests (network + server)', `${(pull.networkMs / 1000).toFixed(1)} s`],
          ['Time applying pages on the device (the rest)', `${((pull.totalMs - pull.networkMs) / 1000).toFixed(1)} s`],
          ['Rows per second', int(Math.round(rowsTotal / (pull.totalMs / 1000)))],
          ...(pull.rawBulkPut
            ? [['Raw Dexie bulkPut of the same rows, same page (500 a transaction)', `${(pull.rawBulkPut.ms / 1000).toFixed(1)} s (${int(pull.rawBulkPut.rows)} rows)`]]
            : []),
          [
            'Rows on the device',
            Object.entries(pull.counts)
              .map(([t, n]) => `${t} ${int(n)}`)
              .join(', '),
          ],
          ['IndexedDB storage used', mb(r.browser.storageBytes)],
        ],
      ),
    );
    out.push('');
    out.push('### Screens (timed inside the page: input event or click → MutationObserver sees the new rows or count; "frame" = the next animation frame)');
    out.push('');
    out.push(
      table(
        ['Screen', 'Reload → first rows', 'First search after opening', 'Search median / 95th / max', 'Search frame median / max', 'Page median / max', 'Page frame median / max'],
        r.browser.screens.map((screen) => {
          if (!screen.ui) return [screen.screen, 'placeholder', '-', '-', '-', '-', '-'];
          const s = stats(r.browser!.samples, screen.screen, 'search');
          const p = stats(r.browser!.samples, screen.screen, 'page');
          const first = screen.firstSearch?.status === 'changed' ? ms(screen.firstSearch.domMs) : (screen.firstSearch?.status ?? '-');
          return [
            screen.screen,
            ms(screen.firstRowsMs ?? NaN),
            first,
            `${ms(s.median)} / ${ms(s.p95)} / ${ms(s.max)}`,
            `${ms(s.frameMedian)} / ${ms(s.frameMax)}`,
            `${ms(p.median)} / ${ms(p.max)}`,
            `${ms(p.frameMedian)} / ${ms(p.frameMax)}`,
          ];
        }),
      ),
    );
    out.push('');
    out.push(
      '"First search after opening" may still be answered from Dexie indexes while the in-memory index builds; the medians and maxima are the keystrokes and clicks after it.',
    );
    out.push('');
    out.push('<details><summary>Every timed keystroke and click</summary>');
    out.push('');
    out.push(
      table(
        ['Screen', 'Action', 'DOM', 'Frame', 'Long tasks', 'Caption after'],
        r.browser.samples.map((s) => [
          s.screen,
          s.action.replace(/\|/g, '\\|'),
          s.status === 'changed' ? ms(s.domMs) : s.status,
          s.status === 'changed' ? ms(s.frameMs) : '',
          s.longTaskMs ? ms(s.longTaskMs) : '',
          s.caption,
        ]),
      ),
    );
    out.push('');
    out.push('</details>');
    out.push('');
    out.push('### Query layer alone (`queryPage` of client/src/search, 5 runs each, warm)');
    out.push('');
    for (const cold of r.browser.cold) {
      out.push(
        `- ${cold.table}: a fresh instance's first page ${ms(cold.firstQueryMs)} (Dexie indexes and a count); its in-memory index ready ${ms(cold.indexReadyMs)} after that query started.`,
      );
    }
    out.push('');
    out.push(table(['Table', 'Search', 'Page', 'Matches', 'First run', 'liveQuery median / max', 'direct median'], r.browser.queries.map(queryRow)));
    out.push('');
  }

  if (r.browser?.jobs) out.push(...renderJobs(r.browser.jobs), '');
  if (r.browser?.sales) out.push(...renderSales(r.browser.sales, inv), '');

  if (r.server) {
    out.push('### Server (Node fetch on loopback, 5 runs after a warm-up)');
    out.push('');
    const { fullPull } = r.server;
    out.push(
      `Full pull from cursor zero, page after page: ${fullPull.pages} pages, ${int(fullPull.rows)} rows in ${(fullPull.ms / 1000).toFixed(2)} s` +
        ` (${ms(fullPull.ms / fullPull.pages)} a page).`,
    );
    if (r.server.feedBytes) {
      const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      out.push('');
      out.push(
        `The same feed as a browser receives it (Accept-Encoding: gzip): **${mb(r.server.feedBytes.wire)} on the wire**` +
          ` for ${mb(r.server.feedBytes.raw)} of JSON (goal: at most 10 MB).`,
      );
    }
    out.push('');
    out.push(
      table(
        ['Request', 'Status', 'Size', 'Median', 'Max'],
        r.server.routes.map((route) => [route.label, route.status, kb(route.bytes), ms(route.medianMs), ms(route.maxMs)]),
      ),
    );
    out.push('');
  }

  if (r.push) out.push(...renderPush(r.push), '');
  if (r.live) out.push(...renderLive(r.live), '');
  if (r.fanout) out.push(...renderFanout(r.fanout), '');

  if (r.lighthouse) out.push(renderLighthouse(r.lighthouse), '');
  out.push('### Cold start and bundle');
  out.push('');
  out.push(`Built server, spawn → /api/health (${int(result.totals.items + result.totals.customers)}-row database): ${r.coldStart.serverMs.map(ms).join(', ')}.`);
  if (r.coldStart.npmStartMs) out.push(`\`npm start\` (npm + scripts/start.mjs build check + server): ${r.coldStart.npmStartMs.map(ms).join(', ')}.`);
  else if (r.coldStart.npmStartNote) out.push(`\`npm start\`: ${r.coldStart.npmStartNote}`);
  out.push('');
  out.push(
    table(
      ['Entry file (index.html)', 'Raw', 'Gzip'],
      r.bundle.entry.map((f) => [f.file, kb(f.raw), kb(f.gzip)]),
    ),
  );
  out.push('');
  out.push(`Service worker scripts (sw.js + workbox runtime): ${kb(r.bundle.serviceWorker.raw)} raw, ${kb(r.bundle.serviceWorker.gzip)} gzip.`);
  return out.join('\n');
}

function renderPush(p: PushReport): string[] {
  const rows = [...p.inProcess, ...(p.http ? [p.http] : [])].map((result) => [
    result.key === 'http' ? 'HTTP' : `(${result.key})`,
    result.label,
    `**${int(Math.round(result.median.perSecond))}**`,
    result.runs.map((run) => int(Math.round(run.perSecond))).join(', '),
    result.median.cpuMs === null ? '(server process)' : `${(result.median.ms / 1000).toFixed(2)} s / ${(result.median.cpuMs / 1000).toFixed(2)} s`,
    `${ms(result.median.batchMedianMs)} / ${ms(result.median.batchMaxMs)}`,
  ]);
  const device = p.df.split('\n').at(-1)?.trim().split(/\s+/) ?? [];
  return [
    `### Push throughput (${int(p.mutations)} mutations a run, batches of ${p.batchSize}, median of ${p.inProcess[0]?.runs.length ?? 0} runs)`,
    '',
    `Workload: ${p.workload}. Each run works on a fresh copy of the seeded database in \`${p.directory}\`` +
      (device.length >= 7 ? ` (filesystem ${device[0]}, ${device[1]}, mounted on ${device[6]}; ${device[4]} free of ${device[2]})` : '') +
      '.',
    '',
    table(['', 'Configuration', 'Mutations/s (median)', 'Each run', 'Wall / CPU (median run)', `A batch of ${p.batchSize}: median / max (median run)`], rows),
    '',
    "CPU is the bench process's own (user + system) over the run; the wall time beyond it is waiting: for the disk (fsync) or for the cores, when other work shares them.",
    ...(p.http && p.http.runs.some((run) => run.coldPerSecond)
      ? [
          '',
          `Each HTTP run starts the server afresh and first pushes ${int(httpWarmup)} mutations that the figure above leaves out, as a shop's server that runs all day has compiled its apply path long before: ` +
            `those first pushes went at ${p.http.runs.map((run) => int(Math.round(run.coldPerSecond ?? 0))).join(', ')} /s.`,
        ]
      : []),
  ];
}

function renderLive(l: LiveReport): string[] {
  const { stats, parts } = l;
  return [
    `### Live between two devices (${stats.n} trials, Chromium ${l.chromium})`,
    '',
    `Save on A → the name in B's table: p50 **${ms(stats.p50)}**, p95 **${ms(stats.p95)}**, max **${ms(stats.max)}**, min ${ms(stats.min)}` +
      ` (${stats.seen} of ${stats.n} seen; a trial not seen within ${l.timeoutMs / 1000} s would count as ${l.timeoutMs / 1000} s).`,
    `Where the time goes (medians, from A's click): A's push sent after ${ms(parts.pushStart)}, answered after ${ms(parts.pushEnd)};` +
      ` B's pull sent after ${ms(parts.pullStart)}, answered after ${ms(parts.pullEnd)}; the name on B's screen after ${ms(stats.p50)}.`,
    `Both devices' first sync (login → full mirror, both at once): ${(l.firstSyncMs / 1000).toFixed(1)} s.`,
    '',
    '<details><summary>Every trial</summary>',
    '',
    table(
      ['Trial', 'Save → on B', 'A push sent / answered', 'B pull sent / answered'],
      l.trials.map((t, i) => [
        i + 1,
        t.ms === null ? 'not seen' : ms(t.ms),
        `${ms(t.pushStartMs ?? NaN)} / ${ms(t.pushEndMs ?? NaN)}`,
        `${ms(t.pullStartMs ?? NaN)} / ${ms(t.pullEndMs ?? NaN)}`,
      ]),
    ),
    '',
    '</details>',
  ];
}

function queryRow(q: QuerySample): (string | number)[] {
  return [
    q.table,
    q.search === '' ? '(none)' : `'${q.search}'`,
    q.page,
    int(q.total),
    q.firstMs === undefined ? '' : ms(q.firstMs),
    `${ms(median(q.liveMs))} / ${ms(Math.max(...q.liveMs))}`,
    ms(median(q.directMs)),
  ];
}

const jobGroupNames: Record<JobGroup, string> = {
  picker: 'Job card: customer picker keystroke → its matches in the list',
  current: 'Job card: Current Jobs tab click → its rows',
  finished: 'Job card: Finished Jobs: tab, page change or search → its rows',
  jobPage: "Job card: Open in the Finished list → the job's page (/job-cards/:id)",
};

function jobStats(j: JobScreensReport, group: JobGroup) {
  const timed = j.samples.filter((s) => s.group === group && !s.first);
  const dom = timed.filter((s) => s.status === 'changed').map((s) => s.domMs);
  return { n: timed.length, failed: timed.length - dom.length, median: median(dom), max: dom.length ? Math.max(...dom) : NaN };
}

function jobSummary(j: JobScreensReport): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const group of Object.keys(jobTargets) as JobGroup[]) {
    const s = jobStats(j, group);
    rows.push([
      `${jobGroupNames[group]} (${s.n}${s.failed ? `, ${s.failed} never changed` : ''})`,
      `< ${jobTargets[group]} ms`,
      `median ${ms(s.median)}, max ${ms(s.max)}`,
      s.failed ? '**missed**' : verdict(s.max, jobTargets[group]),
    ]);
  }
  const direct = j.directLoads.filter((d) => d.what.startsWith('/job-cards/'));
  if (direct.length) {
    const times = direct.map((d) => d.ms ?? Infinity);
    rows.push([
      `Job card: /job-cards/:id loaded directly (navigation start → its status history, ${direct.length} loads)`,
      `< ${jobTargets.jobPage} ms`,
      `median ${ms(median(times))}, max ${ms(Math.max(...times))}`,
      verdict(Math.max(...times), jobTargets.jobPage),
    ]);
  }
  return rows;
}

function renderJobs(j: JobScreensReport): string[] {
  const groups = new Map<string, { group: JobGroup; action: string; first: boolean; dom: number[]; frame: number[]; other: string[]; caption: string }>();
  for (const s of j.samples) {
    const key = `${s.group}|${s.action}|${s.first ? 1 : 0}`;
    const entry = groups.get(key) ?? { group: s.group, action: s.action, first: !!s.first, dom: [], frame: [], other: [], caption: '' };
    if (s.status === 'changed') {
      entry.dom.push(s.domMs);
      entry.frame.push(s.frameMs);
    } else entry.other.push(s.status);
    entry.caption = s.caption || entry.caption;
    groups.set(key, entry);
  }
  const loads = new Map<string, number[]>();
  for (const d of j.directLoads) loads.set(d.what, [...(loads.get(d.what) ?? []), d.ms ?? Infinity]);
  return [
    '### Job card screens (issue 7; timed inside the page like the screens above)',
    '',
    `Current Jobs shows ${int(j.currentRows)} rows (its first page of 25 of the open and suspended jobs). "first" = the first time after the page loaded, not in the medians above.`,
    '',
    table(
      ['Screen', 'Action', 'Runs', 'DOM median / max', 'Frame median / max', 'Caption after'],
      [...groups.values()].map((g) => [
        g.group,
        `${g.action.replace(/\|/g, '\\|')}${g.first ? ' (first)' : ''}`,
        g.dom.length + (g.other.length ? ` (+${g.other.length} ${[...new Set(g.other)].join(', ')})` : ''),
        `${ms(median(g.dom))} / ${ms(g.dom.length ? Math.max(...g.dom) : NaN)}`,
        `${ms(median(g.frame))} / ${ms(g.frame.length ? Math.max(...g.frame) : NaN)}`,
        g.caption,
      ]),
    ),
    '',
    'Direct loads (a full page load: navigation start → the rows or the status history in the DOM, `performance.now()`):',
    '',
    table(
      ['Loaded', 'Runs', 'Median', 'Max'],
      [...loads].map(([what, times]) => [what, times.length, ms(median(times)), ms(Math.max(...times))]),
    ),
    '',
    ...(j.cold
      ? [
          `Query layer: a fresh instance's first Finished page ${ms(j.cold.firstQueryMs)} (Dexie indexes); the job cards' in-memory index ready ${ms(j.cold.indexReadyMs)} after that query started.`,
          '',
        ]
      : []),
    table(['Table', 'Search', 'Page', 'Matches', 'First run', 'liveQuery median / max', 'direct median'], j.queries.map(queryRow)),
    '',
    "First run: the query's first answer on the warm instance (a new search scans the words of every row); the runs after it reuse the matches the index remembers until the table changes.",
  ];
}

function renderFanout(f: FanoutReport): string[] {
  const perStream = (f.rssKb.connected - f.rssKb.idle) / f.connections;
  return [
    `### Many devices: ${f.connections} poke streams on one server`,
    '',
    table(
      ['', ''],
      [
        ['Server RSS, idle (logged in, warmed up)', mbKb(f.rssKb.idle)],
        [`… with ${f.connections} streams open (${f.tokens} tokens)`, `${mbKb(f.rssKb.connected)} (${perStream.toFixed(0)} kB a stream)`],
        ['… after one write poked them all', mbKb(f.rssKb.afterPoke)],
        ['… after the streams closed', mbKb(f.rssKb.closed)],
        ['Peak RSS (VmHWM)', mbKb(f.peakKb)],
        [`Opening ${f.connections} streams until each had its connect poke`, ms(f.connectMs)],
        ['The write (POST /api/sync/push, one createCategory) answered after', ms(f.writeMs)],
        [`Its poke received by`, `${f.received} of ${f.connections} streams`],
        ['… first / median / last, from sending the write', `${ms(f.firstPokeMs)} / ${ms(f.medianPokeMs)} / ${ms(f.lastPokeMs)}`],
      ],
    ),
  ];
}

export const howToRun = `# Benchmarks: the findings log

Speed at a big shop's scale: with 50,000 items and 20,000 customers on the device, a search
keystroke must show its results in under 50 ms and a page change in under 100 ms; a change made on
one device must show on another's screen within a second (p95, issue 6). With 100,000 job cards on
the device too (issue 7): a keystroke in the job card's customer picker shows its matches in under
50 ms; Current Jobs and Finished Jobs page and search in under 100 ms; a job's page (\`/job-cards/:id\`)
opens in under 100 ms. Also measured: the client's entry bundle, the server's cold start, how long a
new device takes to pull everything, how many mutations a second the server applies, and the
server's memory with 200 devices connected.

## How to run

\`\`\`sh
npm run build                 # the bench measures the BUILT app (it builds by itself when dist/ is missing)
npm run bench                 # 50,000 items + 20,000 customers in a temporary database; rewrites 'Latest results' below
npm run bench -- --items 5000 --customers 2000 --no-write   # a quick run that leaves this file alone
npm run bench -- --jobs 100000   # and 100,000 job cards: the job card screens too (issue 7; the run below)
\`\`\`

Flags: \`--items\`, \`--customers\`, \`--categories\`, \`--services\`, \`--jobs\` (job cards with their lines and
status history; 0 unless given, and then no job card figures), \`--job-runs 5\` (timed runs of each job
card action), \`--invoices N --unpaid M\` (invoices with their lines and payments, M of them unpaid; the
register and due list figures), \`--no-raw-put\` (skip the raw \`bulkPut\` yardstick after the first sync: it takes
as long as the sync), \`--seed\` (data set), \`--build\` (build first), \`--no-browser\` (skip the screens and first
sync in Chromium), \`--no-push\` (skip push throughput; \`--push-mutations 5000\`, \`--push-runs 3\`),
\`--no-live\` (skip the two-device test; \`--live-trials 50\`), \`--no-fanout\` (skip the many-devices test;
\`--devices 200\`), \`--no-lighthouse\` (skip Lighthouse; \`--lighthouse-runs 3\`, \`--lighthouse-reports <dir>\` keeps
each page's HTML and JSON report), \`--no-write\` (print only), \`--keep\` (keep the temporary database), \`--json <file>\`
(raw figures), \`--render <file>\` (no measuring: this file written again from a run's \`--json\` figures).
Chromium is Debian's (\`/usr/bin/chromium\`, or \`CHROMIUM_PATH\`). When other work shares the machine, run
it alone (\`flock /tmp/garage-e2e.lock npm run bench\` here) - the figures are wall-clock times.

Lighthouse alone (a minute; a fresh database with a small shop, the built server on a port of its own):
\`npx tsx scripts/bench/lighthouse.ts [--runs 3] [--port 4640] [--reports <dir>]\`, or against a running
server with \`--url http://127.0.0.1:8080 --email … --password …\`. It exits 2 when a goal is missed.

To fill a real database with the same data (for trying the app at scale):
\`npm run seed -- --items 50000 --customers 20000 [--jobs 100000] [--categories 40] [--services 200] [--db ./data/garage.sqlite] [--seed garage] [--password admin123]\`.
It adds an Admin account \`admin@garage.lk\` when the database has no user yet.

## What is measured, and how

1. **Seed** (scripts/seed.ts, scripts/bench/seed-data.ts): every row is built from the arguments of the
   app's own create mutation, parsed by the shared zod schema and turned into columns by
   \`shared/mutations/entity-fields.ts\` (rupees → cents), with versions from the global counter and service
   numbers from the server's \`serviceId\` sequence, written in one transaction. With \`--jobs\`
   (scripts/bench/seed-jobs.ts), job cards from \`createJobCard\`'s arguments: about 97% Finished, 2% Open,
   1% Suspended; dates in working hours over three years (open ones in the last two weeks); each for a
   real vehicle of a customer (regulars far more often), mileage growing visit after visit with the
   plate's last mileage as \`previousMileage\`; 2 to 4 lines of the shop's services and items; the
   opening status row at the create's version, and for a finished or suspended job the move at a
   version of its own (the job's). Numbers \`JOB-0001\`... come from the server's \`jobNumber\` sequence,
   so its counter ends at the highest number given out (the invariants check it).
2. **Cold start**: \`node dist/server/main.js\` on the seeded database, from spawn until \`/api/health\`
   answers, 5 times (median); \`npm start\` the same way (skipped when the build is older than the sources,
   because \`npm start\` would then rebuild).
3. **Bundle**: the files \`dist/client/index.html\` loads directly (module script, modulepreloads,
   stylesheets), gzip at zlib's default level; and everything the service worker precaches.
4. **Browser** (Playwright driving Debian's Chromium): log in through the form as the seeded Admin, time
   the first sync until IndexedDB holds every row; then on Items (\`/inventory/items\`) and Customers
   (\`/customers\`) time keystrokes and pager clicks **inside the page**: the native value setter and an
   \`input\` event (or a button click), then a MutationObserver until the rows or the count of matches differ,
   measured with \`performance.now()\` ("DOM"), and until the next animation frame ("frame"). A
   placeholder screen is skipped; the query layer (\`queryPage\`, alone and inside \`liveQuery\` as the
   screens run it) is always timed on its own: its first run, then 5 more (which reuse the matches
   the index remembers).
5. **Server**: the pull feed's pages and the REST searches over loopback. The seeded database is
   checked first against the sync core's invariants (each item's stock is the sum of its movements,
   every version up to the counter is in \`version_log\` with a 16-hex nonce, the counter is the highest
   version): a pull from a cursor the server does not know answers a reset from zero, so a seed
   without \`version_log\` rows made the old bench pull forever. With \`--jobs\`: \`GET /api/job-cards?status=Open\`
   (up to 500 jobs with their lines), \`?status=Finished&limit=25\`, \`/api/job-cards/report?q=…\` for the
   Finished Jobs search texts below, and one job with its history.
6. **Push throughput** (scripts/bench/push-throughput.ts), right after seeding, on fresh copies of the
   seeded file in the bench's temporary folder (a real disk: the bench prints \`df -hT\` of it, never
   \`/dev/shm\`): 5,000 mutations (\`createItem\` with an opening stock, then \`adjustStock\` of that item,
   taking turns) in batches of \`pushBatchMax\` (250; 100 until 2026-11-27), applied in-process by the real functions (\`openDb\`, then
   \`applyMutation\`/\`applyBatch\` with the seeded Admin) in three configurations: (a) \`synchronous =
   NORMAL\`, \`applyMutation\` per entry (a transaction per mutation: the push before issue 6); (b)
   \`synchronous = FULL\`, the same; (c) \`synchronous = FULL\`, \`applyBatch\` (the whole batch in one
   transaction, a savepoint per mutation: the push now). Then the same through HTTP: \`POST
   /api/sync/push\` of the built server on its own copy, one request after another (that run uses
   whatever \`synchronous\` the built server sets; the table says which). Runs take turns (a, b, c,
   HTTP, three times); the median run of each is shown, and every run's database is checked against
   the invariants afterwards. No timing is asserted anywhere.
7. **Live between devices** (scripts/bench/live-sync.ts): two Chromium contexts (two tablets, separate
   storage) log in as the same Admin at once and pull the whole shop, then both open Category
   Management (\`/categories\`). 50 trials (after 2 warm-ups): A opens Add New Category, fills it, and the
   Save click is timed in A (\`performance.timeOrigin + performance.now()\`); a MutationObserver in B
   notes when the name appears in B's table, on the same clock. The path is A's outbox → push → server
   → poke (\`GET /api/sync/events\`) → B's pull → B's screen; the resource timings of A's push and B's
   pull split the time. The periodic sync timer is 30 s, so a figure near 30 s would mean the poke did
   not work.
8. **Many devices** (scripts/bench/poke-fanout.ts): a built server of its own on the seeded database; 4
   logins, then 200 concurrent \`GET /api/sync/events\` streams (Node fetch with the token header, read
   as the client reads them); the server's \`VmRSS\` (\`/proc/<pid>/status\`) idle, with the 200 open, and
   after one write (\`POST /api/sync/push\` of one \`createCategory\`), and when each stream received that
   write's poke.
9. **Job card screens** (scripts/bench/job-screens.ts, with \`--jobs\`), in the page of 4 after Items and
   Customers: \`/transaction/job-card?tab=vehicle\`, then 12 s (the app warms the items' and customers'
   in-memory indexes when idle). The customer picker (\`.picker-button\`, the 'Choose a customer' dialog):
   opening it, then 5 runs of '' → text → '' for 'nim', 'perera', 4 phone digits, a plate and 'k', and
   'nimal per' typed key by key, until its \`li[role=option]\` list differs. Current Jobs: the tab
   clicked from Vehicle Details, 5 times, until its table's rows differ. Finished Jobs: the tab (its
   first open starts the build of the job cards' in-memory index; two more opens at once are shown
   apart, then 8 s for the build), 5 times; Next, Next, Last page (page 3,882), Previous, First page, 5
   times; 5 runs of '' → text → '' in 'Search finished jobs' for a surname ('perera'), a customer's
   full name, 4 phone digits, a plate, its digits and a job number; the pages of a search; until the
   rows or the 'of n' count differ. A job's page: Open on rows 1 to 5 of the list until
   \`.job-page table.status-history\` has rows, and Back. Each action's first time after the page
   loaded is shown apart ("first"), not in the medians. Then
   direct loads (\`page.goto\`: navigation start → the status history's or the list's rows in the DOM,
   noted by a MutationObserver the harness installs before the app runs), and the query layer for
   \`jobCards\` with the Finished filter (\`~finished\`; pages 1, 2, 2000 and the last) with its
   in-memory index's build.
10. **Lighthouse** (scripts/bench/lighthouse.ts, issue 11: performance ≥ 0.95, accessibility and best
   practices 1.0): Lighthouse 12.8 with its mobile defaults (a phone's screen, simulated slow 4G and a
   4x slower CPU) in Debian's Chromium, started headless with a DevTools port. The login page (\`/\`) as
   a first visit (Lighthouse clears the origin's storage and the cache); then the seeded Admin logs in
   through the form in the same Chromium (Playwright over CDP) and waits for the first sync and the
   service worker; then \`/dashboard\` with \`disableStorageReset\`, so the session, the mirror, the service
   worker and the HTTP cache stay: a tablet that is in use; then \`/dashboard\` again ("dashboard-cold")
   with the service worker unregistered and its caches and the HTTP cache emptied before each run, the
   session and the mirror kept: every script and stylesheet comes over the simulated 4G. 3 runs a page; the run with the median
   performance score is reported, with the metrics that cost points (weight × (1 − metric score)) and
   the opportunities Lighthouse flags.

## Findings

Written by hand in docs/benchmarks-history.md, between this text and the latest results: \`npm run bench\`
rewrites only what follows '## Latest results', and keeps what is above it.

## Latest results
`;

function renderReports(report: ReportScreensReport): string[] {
  return [
    '### Reports on the device (issue 10; timed inside the page: click or Enter → the new rows and the pager)',
    '',
    `Job History: ${report.shown.total}, ${report.shown.pages} pages; first rows ${ms(report.jobHistoryLoadMs)} after navigation start. ` +
      `Low Stock Report: first rows ${ms(report.lowStockLoadMs)} after navigation start (${report.shown.lowStockTotal}).`,
    '',
    table(
      ['Action', 'ms'],
      report.samples.map((sample) => [`${sample.action}${sample.first ? ' (first after loading)' : ''}`.replace(/\|/g, '\\|'), ms(sample.ms)]),
    ),
    ...(report.pdf?.length
      ? [
          '',
          "'Download PDF' (the page's own measure: rows read from the device in chunks, the PDF built in a worker; the longest task on the main thread meanwhile):",
          '',
          table(
            ['Search', 'Rows', 'Read', 'Build', 'In all', 'Longest main-thread task'],
            report.pdf.map((x) => [`'${x.term}'`, int(x.rows), ms(x.readMs), ms(x.buildMs), ms(x.totalMs), `${ms(x.longestTaskMs)} (${x.longTasks} over 50 ms)`]),
          ),
        ]
      : []),
  ];
}
