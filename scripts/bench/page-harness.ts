// Runs INSIDE the browser page (bundled by esbuild, injected with an init script): the timing
// happens here, with performance.now(), so Playwright's round trips never count in a figure.
// Exposed as window.__garageBench; scripts/bench/browser.ts calls it with string expressions.
import Dexie, { liveQuery, type Table } from 'dexie';
import { createGarageDb, type GarageDb } from '@/db/db';
import { syncedTables } from '@shared/sync/tables';
import { queryPage, warmSearchIndex, type SearchRow } from '@/search';
import { compareSortKeys, matchesTokens, searchTokens } from '@shared/domain/search-words';
import './sales-harness';
import './purchasing-harness';

export interface Timing {
  status: 'changed' | 'unchanged' | 'missing';
  /** Input event (or click) to the table's DOM showing the new rows. */
  domMs: number;
  /** ... to the next animation frame after that (about when the user sees it). */
  frameMs: number;
  /** Main-thread tasks over 50 ms in that time (JavaScript, rendering, garbage collection); the rest is waiting (IndexedDB). */
  longTaskMs: number;
  caption: string;
}

// Long tasks of the page's main thread, to tell a slow figure's CPU time from its waiting.
const longTasks: PerformanceEntry[] = [];
try {
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
} catch {
  /* not supported */
}
const longTaskTime = (from: number) => longTasks.filter((task) => task.startTime >= from).reduce((sum, task) => sum + task.duration, 0);

const syncedStores = [...syncedTables, 'outbox'];

function openRaw(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('garage');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function requestValue<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Rows per store in the app's database, read with the raw IndexedDB API; null before the app made it. */
async function counts(): Promise<Record<string, number> | null> {
  const names = (await indexedDB.databases()).map((info) => info.name);
  if (!names.includes('garage')) return null; // never create the app's database from here
  const idb = await openRaw();
  try {
    const stores = syncedStores.filter((store) => idb.objectStoreNames.contains(store));
    const tx = idb.transaction(stores, 'readonly');
    const result: Record<string, number> = {};
    for (const store of stores) result[store] = await requestValue(tx.objectStore(store).count());
    return result;
  } finally {
    idb.close();
  }
}

async function syncState(): Promise<Record<string, string>> {
  const idb = await openRaw();
  try {
    const rows = await requestValue(idb.transaction('syncState', 'readonly').objectStore('syncState').getAll());
    return Object.fromEntries((rows as { key: string; value: string }[]).map((row) => [row.key, row.value]));
  } finally {
    idb.close();
  }
}

/** The pull requests the page made: how many, and the time spent waiting on the network and server. */
function pullRequests(): { count: number; firstStart: number; lastEnd: number; networkMs: number; bytes: number } {
  const entries = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/sync/pull')) as PerformanceResourceTiming[];
  return {
    count: entries.length,
    firstStart: entries[0]?.startTime ?? 0,
    lastEnd: entries.at(-1)?.responseEnd ?? 0,
    networkMs: entries.reduce((sum, e) => sum + e.duration, 0),
    bytes: entries.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0),
  };
}

function tableText(): string | null {
  const body = document.querySelector('main table tbody');
  return body ? (body.textContent ?? '') : null;
}

function caption(): string {
  return document.querySelector('nav.pager .pager-caption')?.textContent ?? '';
}

/** True once the screen shows a real table (not the placeholder, not 'Loading...'). */
function tableReady(): boolean {
  const text = tableText();
  return text !== null && text !== '' && !/^\s*Loading/.test(text);
}

/**
 * What the user sees of the results: the table's rows and the count of matches ('... of 3554').
 * Not the whole caption: its page range follows a click at once, before the new rows arrive.
 */
function resultsText(): string | null {
  const text = tableText();
  return text === null ? null : `${text}\n${/of\s+([\d,]+)\s*$/.exec(caption())?.[1] ?? ''}`;
}

/**
 * Runs `action` and resolves when the results (rows or caption) differ from before and are not a
 * loading row: a MutationObserver catches the commit in the same task it happens.
 */
function timeTableChange(action: () => void, timeoutMs: number): Promise<Timing> {
  const table = document.querySelector('main table');
  const root = document.querySelector('main');
  if (!table || !root) return Promise.resolve({ status: 'missing', domMs: NaN, frameMs: NaN, longTaskMs: 0, caption: '' });
  const before = resultsText();
  return new Promise((resolve) => {
    let finished = false;
    let start = 0;
    const finish = (status: Timing['status']) => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      const domMs = performance.now() - start;
      if (status !== 'changed') return resolve({ status, domMs: NaN, frameMs: NaN, longTaskMs: 0, caption: caption() });
      requestAnimationFrame(() => {
        const frameMs = performance.now() - start;
        // Long-task entries arrive a little later than the task itself.
        setTimeout(() => resolve({ status, domMs, frameMs, longTaskMs: longTaskTime(start), caption: caption() }), 60);
      });
    };
    const observer = new MutationObserver(() => {
      const text = resultsText();
      if (text !== null && text !== before && !/^\s*Loading/.test(text)) finish('changed');
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    setTimeout(() => finish('unchanged'), timeoutMs);
    start = performance.now();
    action();
  });
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

function searchInput(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('main input[type="search"]') ?? document.querySelector<HTMLInputElement>('main .search-input');
}

/** A keystroke as React sees it: the native value setter, then a bubbling 'input' event. */
async function type(value: string, timeoutMs = 3000): Promise<Timing> {
  const input = searchInput();
  if (!input) return Promise.resolve({ status: 'missing', domMs: NaN, frameMs: NaN, longTaskMs: 0, caption: '' });
  return timeTableChange(() => {
    valueSetter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, timeoutMs);
}

/** A pager button by its text ('Next', '3') or aria-label ('Last page'). */
function pagerButton(label: string): HTMLButtonElement | null {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('nav.pager button')];
  return buttons.find((b) => b.getAttribute('aria-label') === label) ?? buttons.find((b) => b.textContent?.trim() === label) ?? null;
}

function pagerLabels(): { label: string; disabled: boolean; current: boolean }[] {
  return [...document.querySelectorAll<HTMLButtonElement>('nav.pager button')].map((b) => ({
    label: b.getAttribute('aria-label') ?? b.textContent?.trim() ?? '',
    disabled: b.disabled,
    current: b.getAttribute('aria-current') === 'page',
  }));
}

async function click(label: string, timeoutMs = 3000): Promise<Timing> {
  const button = pagerButton(label);
  if (!button || button.disabled) return Promise.resolve({ status: 'missing', domMs: NaN, frameMs: NaN, longTaskMs: 0, caption: caption() });
  return timeTableChange(() => button.click(), timeoutMs);
}

// The query layer on its own, on a second Dexie instance of the same database.
let benchDb: GarageDb | null = null;
function database(): GarageDb {
  benchDb ??= createGarageDb();
  return benchDb;
}

interface QueryOptions {
  table: 'items' | 'customers' | 'services' | 'categories' | 'jobCards';
  search: string;
  page: number;
  pageSize: number;
  /** Filter words (Finished Jobs: '~finished'). */
  filter?: string[];
}

/**
 * A fresh Dexie instance's first query (no in-memory index yet: Dexie indexes and a count), and
 * how long after it started that instance's in-memory index is ready.
 */
async function coldStart(options: QueryOptions): Promise<{ firstQueryMs: number; indexReadyMs: number }> {
  const table = database().table(options.table) as Table<{ id: string } & Record<string, unknown>, string>;
  const start = performance.now();
  await queryPage(table, { search: options.search, page: options.page, pageSize: options.pageSize, filter: options.filter });
  const firstQueryMs = performance.now() - start;
  await warmSearchIndex(table); // the first query started the build
  return { firstQueryMs, indexReadyMs: performance.now() - start };
}

/** queryPage alone (`direct`) and as the screens run it, inside liveQuery (first answer). */
async function query(options: QueryOptions, repeats: number): Promise<{ direct: number[]; live: number[]; total: number; rows: number; first: string; firstMs: number }> {
  const table = database().table(options.table) as Table<{ id: string } & Record<string, unknown>, string>;
  const args = { search: options.search, page: options.page, pageSize: options.pageSize, filter: options.filter };
  const direct: number[] = [];
  const live: number[] = [];
  // The first run scans for the words; the index remembers the matches, so the runs after it page them.
  const firstStart = performance.now();
  let result = await queryPage(table, args);
  const firstMs = performance.now() - firstStart;
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    result = await queryPage(table, args);
    direct.push(performance.now() - start);
  }
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      const subscription = liveQuery(() => queryPage(table, args)).subscribe({
        next: () => {
          live.push(performance.now() - start);
          // Unsubscribe after this task: the subscription object exists only once subscribe() returns.
          setTimeout(() => subscription.unsubscribe());
          resolve();
        },
        error: reject,
      });
    });
  }
  return { direct, live, total: result.total, rows: result.rows.length, first: String(result.rows[0]?.sortKey ?? ''), firstMs };
}

async function storage(): Promise<{ usage: number; quota: number }> {
  const estimate = await navigator.storage.estimate();
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
}

// ---- The job card screens (issue 7): elements named by their own selectors, since the Job Card
// page has more than one search box (the header's 'Search Job Cards' comes first in <main>).

/** The text of every element the selector matches (null when none does). */
function textOf(selector: string): string | null {
  const found = document.querySelectorAll(selector);
  return found.length === 0 ? null : [...found].map((element) => element.textContent ?? '').join('\n');
}

/** What counts as the result having changed: a selector's text (and a caption's count), or an element appearing. */
type Until = { changed: string; caption?: string } | { present: string };

function resultOf(until: Until): string | null {
  if ('present' in until) return document.querySelector(until.present) ? 'present' : null;
  const text = textOf(until.changed);
  if (text === null) return null;
  const count = until.caption ? (/of\s+([\d,]+)/.exec(textOf(until.caption) ?? '')?.[1] ?? '') : '';
  return `${text}\n${count}`;
}

const isLoading = (text: string) => /^\s*Loading/.test(text);

/**
 * Runs `action` and resolves when `until` holds: a MutationObserver on the whole document (a
 * dialog or a new route may render outside the old table) catches the commit in the same task.
 */
function timeUntil(action: () => void, until: Until, timeoutMs: number): Promise<Timing> {
  const before = resultOf(until);
  const captionText = () => ('changed' in until && until.caption ? (textOf(until.caption) ?? '') : '');
  return new Promise((resolve) => {
    let finished = false;
    let start = 0;
    const met = () => {
      const now = resultOf(until);
      return now !== null && now !== before && !isLoading(now);
    };
    const finish = (status: Timing['status']) => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      const domMs = performance.now() - start;
      if (status !== 'changed') return resolve({ status, domMs: NaN, frameMs: NaN, longTaskMs: 0, caption: captionText() });
      requestAnimationFrame(() => {
        const frameMs = performance.now() - start;
        setTimeout(() => resolve({ status, domMs, frameMs, longTaskMs: longTaskTime(start), caption: captionText() }), 60);
      });
    };
    const observer = new MutationObserver(() => {
      if (met()) finish('changed');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => finish('unchanged'), timeoutMs);
    start = performance.now();
    action();
  });
}

const missing = (): Promise<Timing> => Promise.resolve({ status: 'missing', domMs: NaN, frameMs: NaN, longTaskMs: 0, caption: '' });

/** A keystroke in the input with this accessible name (aria-label), timed until `until` holds. */
async function typeIn(label: string, value: string, until: Until, timeoutMs = 3000): Promise<Timing> {
  const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (!input) return missing();
  return timeUntil(
    () => {
      valueSetter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    until,
    timeoutMs,
  );
}

/** The first element matching `selector` (whose text or aria-label is `name`, when given). */
function element(selector: string, name?: string): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(selector)];
  if (name === undefined) return all[0] ?? null;
  return all.find((e) => e.getAttribute('aria-label') === name) ?? all.find((e) => e.textContent?.trim() === name) ?? null;
}

/** A click on that element, timed until `until` holds. */
async function clickOn(selector: string, name: string | null, until: Until, timeoutMs = 3000): Promise<Timing> {
  const target = element(selector, name ?? undefined);
  if (!target || (target as HTMLButtonElement).disabled) return missing();
  return timeUntil(() => target.click(), until, timeoutMs);
}

/** history.back() (the browser's Back button), timed until `until` holds. */
async function back(until: Until, timeoutMs = 3000): Promise<Timing> {
  return timeUntil(() => history.back(), until, timeoutMs);
}

/**
 * On a job card route loaded directly, when each of these first appeared (performance.now(), from
 * navigation start): noted from the first script on, before the app runs.
 */
const landmarks: Record<string, string> = {
  jobPage: '.job-page table.status-history tbody tr',
  currentJobs: 'table.current-jobs-table tbody tr[data-row-id]',
  finishedJobs: 'table.finished-jobs-table tbody tr[data-row-id]',
};
const firstSeen: Record<string, number> = {};
if (/^\/(job-cards\/|transaction\/job-card)/.test(location.pathname)) {
  const look = () => {
    for (const [name, selector] of Object.entries(landmarks)) {
      if (firstSeen[name] === undefined && document.querySelector(selector)) firstSeen[name] = performance.now();
    }
    if (Object.keys(firstSeen).length === Object.keys(landmarks).length) watcher.disconnect();
  };
  const watcher = new MutationObserver(look);
  watcher.observe(document, { childList: true, subtree: true });
  setTimeout(() => watcher.disconnect(), 60_000);
}
const landmarkTimes = () => ({ ...firstSeen });

/**
 * Issue 11's yardstick: the same rows the first sync wrote (read back from the app's database),
 * written by a plain Dexie bulkPut into a scratch database with the same stores and indexes (no
 * middleware, no sync bookkeeping), a transaction per `pageRows` rows of a table, as a pull page
 * is. Timed in this page, then the scratch database is deleted.
 */
async function rawBulkPut(pageRows: number): Promise<{ rows: number; ms: number }> {
  const schema = createGarageDb('garage-schema-probe'); // never opened: only its declared stores
  const wanted = syncedStores.filter((store) => store !== 'outbox');
  const stores = Object.fromEntries(
    schema.tables
      .filter((table) => (wanted as readonly string[]).includes(table.name))
      .map((table) => [table.name, [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src)].join(',')]),
  );
  const raw = new Dexie('garage-raw-bulkput');
  raw.version(1).stores(stores);
  await raw.open();
  const idb = await openRaw();
  let rows = 0;
  let ms = 0;
  try {
    for (const store of Object.keys(stores)) {
      if (!idb.objectStoreNames.contains(store)) continue;
      const all = (await requestValue(idb.transaction(store, 'readonly').objectStore(store).getAll())) as unknown[];
      const start = performance.now();
      for (let at = 0; at < all.length; at += pageRows) await raw.table(store).bulkPut(all.slice(at, at + pageRows));
      ms += performance.now() - start;
      rows += all.length;
    }
  } finally {
    idb.close();
    raw.close();
    await Dexie.delete('garage-raw-bulkput');
  }
  return { rows, ms };
}

/**
 * Issue 28's check of the snapshots' first parts: on a database instance of its own (its indexes are
 * read from the snapshots as after a reload), each search's first page as the top bar asks it (five
 * rows, no total: the first part answers where it holds them), asked at once one after another; then
 * the same pages from a plain filter and sort of every row.
 */
async function firstPages(tableName: string, searches: string[]): Promise<{ search: string; got: string[]; want: string[] }[]> {
  const fresh = createGarageDb();
  try {
    const table = fresh.table(tableName) as Table<SearchRow, string>;
    const got: string[][] = [];
    for (const search of searches) got.push((await queryPage(table, { search, page: 1, pageSize: 5, rowsOnly: true })).rows.map((row) => row.id));
    const rows = (await table.toArray()).map((row) => ({ id: row.id, key: row.sortKey ?? '', words: row.searchWords ?? [] }));
    rows.sort(compareSortKeys);
    return searches.map((search, i) => {
      const tokens = searchTokens(search);
      const want = rows.filter((row) => matchesTokens(row.words, tokens)).slice(0, 5);
      return { search, got: got[i]!, want: want.map((row) => row.id) };
    });
  } finally {
    fresh.close();
  }
}

const jobs = { typeIn, clickOn, back, textOf, landmarkTimes };

const harness = { rawBulkPut, counts, syncState, pullRequests, tableReady, caption, type, click, pagerLabels, coldStart, query, storage, jobs, firstPages };
(window as unknown as { __garageBench: typeof harness }).__garageBench = harness;
// Room for every pull page's resource timing (the default buffer keeps 250 entries).
performance.setResourceTimingBufferSize(5000);

export type GarageBenchHarness = typeof harness;
