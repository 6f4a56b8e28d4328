// Runs INSIDE the browser page, bundled into page-harness.ts's bundle: the register's and the due
// list's timings (issues 8 and 9), taken with performance.now() in the page, so Playwright's round
// trips never count in a figure. Exposed as window.__garageSalesBench; scripts/bench/sales-screens.ts
// calls it with string expressions.

export interface SalesTiming {
  status: 'changed' | 'unchanged' | 'missing';
  /** The action (the Enter keydown, an input event, a click) to the DOM showing its result. */
  ms: number;
  /** ... to the next animation frame after that (about when the cashier sees it). */
  frameMs: number;
  /** Main-thread tasks over 50 ms in that time. */
  longTaskMs: number;
  /** What the watched element said afterwards (a caption, a count of rows). */
  after: string;
}

const longTasks: PerformanceEntry[] = [];
try {
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
} catch {
  /* not supported */
}
const longTaskTime = (from: number) => longTasks.filter((task) => task.startTime >= from).reduce((sum, task) => sum + task.duration, 0);
const missing = (): SalesTiming => ({ status: 'missing', ms: NaN, frameMs: NaN, longTaskMs: 0, after: '' });

/** The text of every element the selector matches (null when none does). */
function textOf(selector: string): string | null {
  const found = document.querySelectorAll(selector);
  return found.length === 0 ? null : [...found].map((element) => element.textContent ?? '').join('\n');
}

/** The watched result: a selector's text and, when given, the count in a caption ('... of 4,812'). */
interface Watch {
  changed: string;
  caption?: string;
}

function resultOf(watch: Watch): string | null {
  const text = textOf(watch.changed);
  if (text === null) return null;
  const count = watch.caption ? (/of\s+([\d,]+)/.exec(textOf(watch.caption) ?? '')?.[1] ?? '') : '';
  return `${text}\n${count}`;
}

const rowsIn = (selector: string) => document.querySelectorAll(`${selector} tr`).length;
const describe = (watch: Watch) => (watch.caption ? (textOf(watch.caption) ?? '') : `${rowsIn(watch.changed)} rows`);

/**
 * Runs `action` and resolves when the watched text differs from before and is not a loading row:
 * a MutationObserver on the whole document catches the commit in the same task it happens.
 * `startAt` (optional) gives the start when it is known only later (a keydown's own time).
 */
function timeUntil(action: () => void, watch: Watch, timeoutMs: number): Promise<SalesTiming> {
  const before = resultOf(watch);
  return new Promise((resolve) => {
    let finished = false;
    let start = 0;
    const finish = (status: SalesTiming['status']) => {
      if (finished) return;
      finished = true;
      observer.disconnect();
      const ms = performance.now() - start;
      if (status !== 'changed') return resolve({ status, ms: NaN, frameMs: NaN, longTaskMs: 0, after: describe(watch) });
      requestAnimationFrame(() => {
        const frameMs = performance.now() - start;
        setTimeout(() => resolve({ status, ms, frameMs, longTaskMs: longTaskTime(start), after: describe(watch) }), 60);
      });
    };
    const observer = new MutationObserver(() => {
      const now = resultOf(watch);
      if (now !== null && now !== before && !/^\s*Loading/.test(now)) finish('changed');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => finish('unchanged'), timeoutMs);
    start = performance.now();
    action();
  });
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** A value typed into the input `selector` finds, as React sees a keystroke: the native setter, then 'input'. */
async function typeInto(selector: string, value: string, watch: Watch, timeoutMs = 3000): Promise<SalesTiming> {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) return Promise.resolve(missing());
  return timeUntil(
    () => {
      valueSetter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    watch,
    timeoutMs,
  );
}

/** The first element matching `selector` whose aria-label is `text` or whose text is or starts with it. */
function find(selector: string, text?: string): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(selector)];
  if (text === undefined) return all[0] ?? null;
  const trimmed = (e: HTMLElement) => e.textContent?.trim() ?? '';
  return all.find((e) => e.getAttribute('aria-label') === text) ?? all.find((e) => trimmed(e) === text) ?? all.find((e) => trimmed(e).startsWith(text)) ?? null;
}

/** A click on that element, timed until the watched text changes. */
async function clickOn(selector: string, text: string | null, watch: Watch, timeoutMs = 3000): Promise<SalesTiming> {
  const target = find(selector, text ?? undefined);
  if (!target || (target as HTMLButtonElement).disabled) return Promise.resolve(missing());
  return timeUntil(() => target.click(), watch, timeoutMs);
}

// ---- The register (issue 8): a scan is typed by Playwright's keyboard (real key events, 8 ms
// apart); the page notes the Enter keydown (a capture listener on window: before React sees it)
// and when the cart's rows change after it.

const cartBody = 'table.cart-table tbody';
const scanLabel = 'Barcode or item name';

interface ScanState {
  before: string | null;
  /** performance.now() in the capture listener, and the event's own timeStamp (when it was made). */
  enterAt: number | null;
  enterStamp: number | null;
  changedAt: number | null;
  frameAt: number | null;
  observer: MutationObserver;
}
let scan: ScanState | null = null;

window.addEventListener(
  'keydown',
  (event) => {
    if (!scan || scan.enterAt !== null || event.key !== 'Enter') return;
    if ((event.target as HTMLElement | null)?.getAttribute?.('aria-label') !== scanLabel) return;
    scan.enterAt = performance.now();
    scan.enterStamp = event.timeStamp;
  },
  true,
);

/** Before a scan is typed: remembers the cart and starts watching it. */
function armScan(): boolean {
  scan?.observer.disconnect();
  const before = textOf(cartBody);
  if (before === null) return false;
  const state: ScanState = {
    before,
    enterAt: null,
    enterStamp: null,
    changedAt: null,
    frameAt: null,
    observer: new MutationObserver(() => {
      if (state.enterAt === null || state.changedAt !== null) return;
      const now = textOf(cartBody);
      if (now === null || now === state.before) return;
      state.changedAt = performance.now();
      state.observer.disconnect();
      requestAnimationFrame(() => (state.frameAt = performance.now()));
    }),
  };
  state.observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  scan = state;
  return true;
}

/** After the scan's Enter: waits for the cart to change; the time from the Enter keydown. */
async function scanResult(timeoutMs = 3000): Promise<SalesTiming & { fromEventMs: number; lines: number }> {
  const state = scan;
  const lines = () => document.querySelectorAll(`${cartBody} tr`).length;
  if (!state) return { ...missing(), fromEventMs: NaN, lines: lines() };
  const deadline = performance.now() + timeoutMs;
  while ((state.changedAt === null || state.frameAt === null) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  state.observer.disconnect();
  scan = null;
  if (state.enterAt === null || state.changedAt === null)
    return { status: state.enterAt === null ? 'missing' : 'unchanged', ms: NaN, frameMs: NaN, longTaskMs: 0, after: '', fromEventMs: NaN, lines: lines() };
  await new Promise((r) => setTimeout(r, 60));
  return {
    status: 'changed',
    ms: state.changedAt - state.enterAt,
    fromEventMs: state.changedAt - (state.enterStamp ?? state.enterAt),
    frameMs: (state.frameAt ?? state.changedAt) - state.enterAt,
    longTaskMs: longTaskTime(state.enterStamp ?? state.enterAt),
    after: `${lines()} lines`,
    lines: lines(),
  };
}

// ---- Confirm Payment → the print dialog: window.print replaced by a function that notes the time.

const printCalls: number[] = [];
function stubPrint(): void {
  window.print = () => {
    printCalls.push(performance.now());
  };
}

/**
 * A click on the Payment modal's 'Confirm Payment', timed until window.print is called; also when
 * the modal closed, the cart emptied and the documents were drawn (a print root with content).
 */
function timeConfirm(
  timeoutMs = 5000,
): Promise<{ status: 'printed' | 'no print' | 'missing'; ms: number; modalClosedMs: number; cartEmptiedMs: number; drawnMs: number; longTaskMs: number }> {
  const button = find('[role="dialog"] button', 'Confirm Payment');
  if (!button) return Promise.resolve({ status: 'missing', ms: NaN, modalClosedMs: NaN, cartEmptiedMs: NaN, drawnMs: NaN, longTaskMs: 0 });
  const calls = printCalls.length;
  return new Promise((resolve) => {
    let modalClosedAt = NaN;
    let cartEmptiedAt = NaN;
    let drawnAt = NaN;
    const observer = new MutationObserver(() => {
      const now = performance.now();
      if (Number.isNaN(modalClosedAt) && !document.querySelector('[role="dialog"]')) modalClosedAt = now;
      if (Number.isNaN(cartEmptiedAt) && /No items added yet/.test(textOf(cartBody) ?? '')) cartEmptiedAt = now;
      if (Number.isNaN(drawnAt) && document.querySelector('.print-root > *')) drawnAt = now;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const start = performance.now();
    const poll = () => {
      if (printCalls.length > calls) {
        observer.disconnect();
        return resolve({
          status: 'printed',
          ms: printCalls[calls]! - start,
          modalClosedMs: modalClosedAt - start,
          cartEmptiedMs: cartEmptiedAt - start,
          drawnMs: drawnAt - start,
          longTaskMs: longTaskTime(start),
        });
      }
      if (performance.now() - start > timeoutMs) {
        observer.disconnect();
        return resolve({
          status: 'no print',
          ms: NaN,
          modalClosedMs: modalClosedAt - start,
          cartEmptiedMs: cartEmptiedAt - start,
          drawnMs: drawnAt - start,
          longTaskMs: longTaskTime(start),
        });
      }
      setTimeout(poll, 2);
    };
    button.click();
    poll();
  });
}

const salesHarness = { typeInto, clickOn, textOf, armScan, scanResult, stubPrint, timeConfirm };
(window as unknown as { __garageSalesBench: typeof salesHarness }).__garageSalesBench = salesHarness;

export type GarageSalesBenchHarness = typeof salesHarness;
