// The job card screens at a big shop's scale (issue 7), timed inside the page like the Items and
// Customers screens (scripts/bench/page-harness.ts: an input event or a click, then a
// MutationObserver until the new rows, results or page are in the DOM). Runs in runBrowserBench's
// page, after the device's first sync holds every job.
import type { Page } from 'playwright';
import type { Timing } from './page-harness';
import type { ColdQuery, QuerySample } from './browser';

/** The issue's goals: a picker keystroke under 50 ms; a list page, a search, a tab and a job's page under 100 ms. */
export const jobTargets = { picker: 50, current: 100, finished: 100, jobPage: 100 } as const;
export type JobGroup = keyof typeof jobTargets;

export interface JobSample extends Timing {
  group: JobGroup;
  action: string;
  /** The first time after the page loaded (in-memory index maybe still building): reported apart, not in the medians. */
  first?: boolean;
}

export interface DirectLoad {
  /** What was loaded ('/job-cards/:id', 'Finished Jobs tab'). */
  what: string;
  url: string;
  /** Navigation start → the landmark (rows, or the status history) in the DOM; null when it never came. */
  ms: number | null;
}

export interface JobScreensReport {
  samples: JobSample[];
  directLoads: DirectLoad[];
  cold: ColdQuery | null;
  queries: QuerySample[];
  /** Rows the Current Jobs table shows (open + suspended). */
  currentRows: number;
}

export interface JobScreenOptions {
  baseUrl: string;
  log: (line: string) => void;
  /** Typed into the customer picker. */
  pickerTerms: string[];
  /** Typed into 'Search finished jobs'. */
  finishedTerms: string[];
  /** Finished jobs to open directly (/job-cards/:id). */
  jobIds: string[];
  /** Timed runs of each action (after a warm-up); median and max over them. */
  runs: number;
}

const json = (value: unknown) => JSON.stringify(value);
const call = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;

type Until = { changed: string; caption?: string } | { present: string };
const finishedRows: Until = { changed: 'table.finished-jobs-table tbody', caption: 'nav.pager .pager-caption' };
const currentRows: Until = { changed: 'table.current-jobs-table tbody' };
const pickerResults: Until = { changed: '[role="dialog"][aria-label="Choose a customer"] .picker-list' };
const jobPage: Until = { present: '.job-page table.status-history tbody tr' };
const vehicleTab: Until = { present: '.picker-button' };

export async function measureJobScreens(page: Page, options: JobScreenOptions): Promise<JobScreensReport> {
  const samples: JobSample[] = [];
  const { log, runs } = options;
  const record = (group: JobGroup, action: string, timing: Timing, first = false) => {
    samples.push({ ...timing, group, action, ...(first ? { first } : {}) });
    const figure =
      timing.status === 'changed'
        ? `${timing.domMs.toFixed(1)} ms (frame ${timing.frameMs.toFixed(1)} ms${timing.longTaskMs ? `, long tasks ${timing.longTaskMs.toFixed(0)} ms` : ''})`
        : timing.status;
    log(`    ${group}${first ? ' (first)' : ''} ${action}: ${figure}${timing.caption ? `  [${timing.caption}]` : ''}`);
    return timing;
  };
  const typeIn = (label: string, value: string, until: Until, timeout = 5000) =>
    call<Timing>(page, `window.__garageBench.jobs.typeIn(${json(label)}, ${json(value)}, ${json(until)}, ${timeout})`);
  const clickOn = (selector: string, name: string | null, until: Until, timeout = 5000) =>
    call<Timing>(page, `window.__garageBench.jobs.clickOn(${json(selector)}, ${json(name)}, ${json(until)}, ${timeout})`);
  const back = (until: Until, timeout = 5000) => call<Timing>(page, `window.__garageBench.jobs.back(${json(until)}, ${timeout})`);
  const tab = (name: string, until: Until, timeout = 5000) => clickOn('button[role="tab"]', name, until, timeout);
  const untimed = async (timing: Promise<Timing>, what: string) => {
    const result = await timing;
    if (result.status !== 'changed') log(`    (${what}: ${result.status})`);
  };

  // 1. Vehicle Details: the customer picker.
  await page.goto(`${options.baseUrl}/transaction/job-card?tab=vehicle`);
  await page.locator('.picker-button').waitFor({ timeout: 20_000 });
  // The app warms the items' and customers' in-memory indexes when idle (warm-search-indexes.ts);
  // the figures are the steady state after that, "first" ones apart.
  await page.waitForTimeout(12_000);
  record('picker', 'open the picker (first 40 customers)', await clickOn('.picker-button', null, pickerResults), true);
  const [firstTerm] = options.pickerTerms;
  record('picker', `'' → '${firstTerm}'`, await typeIn('Search customers', firstTerm!, pickerResults), true);
  await untimed(typeIn('Search customers', '', pickerResults), 'picker cleared');
  for (let run = 0; run < runs; run++) {
    for (const term of options.pickerTerms) {
      record('picker', `'' → '${term}'`, await typeIn('Search customers', term, pickerResults));
      record('picker', `'${term}' → ''`, await typeIn('Search customers', '', pickerResults));
    }
  }
  const typed = 'nimal per';
  for (let i = 1; i <= typed.length; i++) {
    const timing = await typeIn('Search customers', typed.slice(0, i), pickerResults, 1000);
    if (timing.status !== 'unchanged') record('picker', `typing '${typed.slice(0, i)}'`, timing);
  }
  await page.getByRole('dialog', { name: 'Choose a customer' }).getByRole('button', { name: 'Close', exact: true }).click();

  // 2. Current Jobs: the tab opened from Vehicle Details, again and again.
  record('current', 'open the Current Jobs tab', await tab('Current Jobs', currentRows, 20_000), true);
  const currentCount = await page.locator('table.current-jobs-table tbody tr[data-row-id]').count();
  log(`    Current Jobs shows ${currentCount} rows`);
  for (let run = 0; run < runs; run++) {
    await untimed(tab('Vehicle Details', vehicleTab), 'back to Vehicle Details');
    record('current', 'open the Current Jobs tab', await tab('Current Jobs', currentRows));
  }

  // 3. Finished Jobs: the tab, its pages, its search.
  await untimed(tab('Vehicle Details', vehicleTab), 'back to Vehicle Details');
  record('finished', 'open the Finished Jobs tab (first page)', await tab('Finished Jobs', finishedRows, 30_000), true);
  // The first open starts the build of the job cards' in-memory index (seconds at 100,000 jobs);
  // until it is ready, pages come from IndexedDB. Two more opens at once show that time, apart;
  // then, as on the other screens, a pause for the build and the counted runs.
  for (let run = 0; run < 2; run++) {
    await untimed(tab('Vehicle Details', vehicleTab), 'back to Vehicle Details');
    record('finished', 'open the Finished Jobs tab again at once (its index still building)', await tab('Finished Jobs', finishedRows, 30_000), true);
  }
  await page.waitForTimeout(8000);
  for (let run = 0; run < runs; run++) {
    await untimed(tab('Vehicle Details', vehicleTab), 'back to Vehicle Details');
    record('finished', 'open the Finished Jobs tab (first page)', await tab('Finished Jobs', finishedRows));
  }
  const pager = (label: string, context = '') =>
    clickOn('nav.pager button', label, finishedRows).then((timing) => (timing.status === 'missing' ? timing : record('finished', `${context}${label}`, timing)));
  for (let run = 0; run < runs; run++) {
    for (const label of ['Next', 'Next', 'Last page', 'Previous', 'First page']) await pager(label);
  }
  const [firstSearch] = options.finishedTerms;
  record('finished', `search '' → '${firstSearch}'`, await typeIn('Search finished jobs', firstSearch!, finishedRows), true);
  await untimed(typeIn('Search finished jobs', '', finishedRows), 'search cleared');
  for (let run = 0; run < runs; run++) {
    for (const term of options.finishedTerms) {
      record('finished', `search '' → '${term}'`, await typeIn('Search finished jobs', term, finishedRows));
      record('finished', `search '${term}' → ''`, await typeIn('Search finished jobs', '', finishedRows));
    }
  }
  const pagedSearch = options.finishedTerms[0]!;
  await untimed(typeIn('Search finished jobs', pagedSearch, finishedRows), `search '${pagedSearch}'`);
  for (const label of ['Next', 'Next', 'Last page', 'Previous', 'First page']) await pager(label, `search '${pagedSearch}': `);
  await untimed(typeIn('Search finished jobs', '', finishedRows), 'search cleared');

  // 4. A job's page, opened from the Finished list (in the app), and Back to the list.
  for (let run = 0; run < runs; run++) {
    const row = (run % 5) + 1;
    const opened = await clickOn(`table.finished-jobs-table tbody tr:nth-child(${row}) a`, null, jobPage);
    record('jobPage', `Open (row ${row} of the Finished list) → /job-cards/:id`, opened, run === 0);
    if (opened.status !== 'changed') break;
    record('finished', 'Back from a job → Finished Jobs', await back(finishedRows));
  }

  // 5. The query layer alone for job cards (the Finished list's filter), and its in-memory index build.
  const finished = ['~finished'];
  const cold = {
    table: 'jobCards',
    ...(await call<Omit<ColdQuery, 'table'>>(page, `window.__garageBench.coldStart(${json({ table: 'jobCards', search: '', page: 1, pageSize: 25, filter: finished })})`)),
  };
  log(`    query jobCards: first query ${cold.firstQueryMs.toFixed(0)} ms, in-memory index ready after ${cold.indexReadyMs.toFixed(0)} ms`);
  const queries: QuerySample[] = [];
  const query = async (search: string, pageNumber: number | 'last') => {
    let pageNo = pageNumber === 'last' ? 1 : pageNumber;
    if (pageNumber === 'last') {
      const probe = await call<{ total: number }>(page, `window.__garageBench.query(${json({ table: 'jobCards', search, page: 1, pageSize: 25, filter: finished })}, 0)`);
      pageNo = Math.max(1, Math.ceil(probe.total / 25));
    }
    const result = await call<{ direct: number[]; live: number[]; total: number; firstMs: number }>(
      page,
      `window.__garageBench.query(${json({ table: 'jobCards', search, page: pageNo, pageSize: 25, filter: finished })}, 5)`,
    );
    queries.push({ table: 'jobCards (~finished)', search, page: pageNo, total: result.total, directMs: result.direct, liveMs: result.live, firstMs: result.firstMs });
    log(`    query jobCards '${search}' page ${pageNo}: ${result.total} matches, median ${median(result.live).toFixed(1)} ms (liveQuery)`);
  };
  for (const term of ['', ...options.finishedTerms]) await query(term, 1);
  await query('', 2);
  await query('', 2000);
  await query('', 'last');

  // 6. Direct loads: a job's page, and the two list tabs, from navigation start (a full page load).
  const directLoads: DirectLoad[] = [];
  const load = async (what: string, path: string, landmark: 'jobPage' | 'currentJobs' | 'finishedJobs', selector: string) => {
    await page.goto(`${options.baseUrl}${path}`);
    const seen = await page
      .locator(selector)
      .first()
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    const times = await call<Record<string, number>>(page, 'window.__garageBench.jobs.landmarkTimes()');
    const ms = seen ? (times[landmark] ?? null) : null;
    directLoads.push({ what, url: path, ms });
    log(`    direct load ${what}: ${ms === null ? 'not seen' : `${ms.toFixed(0)} ms`}`);
  };
  for (const id of options.jobIds.slice(0, runs)) {
    await load('/job-cards/:id (a finished job)', `/job-cards/${encodeURIComponent(id)}`, 'jobPage', '.job-page table.status-history tbody tr');
  }
  for (let run = 0; run < Math.min(runs, 3); run++) {
    await load('Current Jobs tab', '/transaction/job-card?tab=current', 'currentJobs', 'table.current-jobs-table tbody tr[data-row-id]');
    await load('Finished Jobs tab', '/transaction/job-card?tab=finished', 'finishedJobs', 'table.finished-jobs-table tbody tr[data-row-id]');
  }
  return { samples, directLoads, cold, queries, currentRows: currentCount };
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
