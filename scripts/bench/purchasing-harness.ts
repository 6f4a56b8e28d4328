// Runs INSIDE the browser page, bundled into page-harness.ts's bundle: issue 44's receiving scan and
// the reset between 'Order' runs. Exposed as window.__garagePurchasingBench; purchasing-bench.ts
// calls it with string expressions.
//
// A scan is typed by Playwright's keyboard (real key events 8 ms apart, then Enter) into the receive
// panel's 'Scan or find a part' box; the page notes the Enter keydown (a capture listener on window,
// before React sees it) and the moment a 'Came now' quantity on screen changes. The quantities are
// inputs: React writes their value property and, in the same commit, their value attribute (its
// attribute syncing), which a MutationObserver sees; a 2 ms poll stands by in case it does not.
import { createGarageDb, type GarageDb } from '@/db/db';

const receiveRows = '.receive-panel table.receive-table tbody tr';

/** Each counted line's item and 'Came now' quantity, as shown. */
function counted(): string | null {
  const rows = document.querySelectorAll<HTMLTableRowElement>(receiveRows);
  if (rows.length === 0) return null;
  return [...rows].map((row) => `${row.dataset.itemId}=${row.querySelector('input')?.value ?? ''}`).join('\n');
}

interface ScanState {
  before: string;
  enterAt: number | null;
  enterStamp: number | null;
  changedAt: number | null;
  /** What saw the change: the observer (in the commit's task) or the poll (up to 2 ms late). */
  seenBy: 'observer' | 'poll' | null;
  after: string;
  observer: MutationObserver;
}
let scan: ScanState | null = null;

const longTasks: PerformanceEntry[] = [];
try {
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
} catch {
  /* not supported */
}
const longTaskTime = (from: number) => longTasks.filter((task) => task.startTime >= from).reduce((sum, task) => sum + task.duration, 0);

window.addEventListener(
  'keydown',
  (event) => {
    if (!scan || scan.enterAt !== null || event.key !== 'Enter') return;
    if (!(event.target as HTMLElement | null)?.closest?.('.receive-panel .item-adder')) return;
    scan.enterAt = performance.now();
    scan.enterStamp = event.timeStamp;
  },
  true,
);

function noteChange(state: ScanState, by: 'observer' | 'poll'): void {
  if (state.enterAt === null || state.changedAt !== null) return;
  const now = counted();
  if (now === null || now === state.before) return;
  state.changedAt = performance.now();
  state.seenBy = by;
  state.after = now;
  state.observer.disconnect();
}

/** Before a scan is typed: remembers the quantities and starts watching them. */
function armScan(): boolean {
  scan?.observer.disconnect();
  const before = counted();
  if (before === null) return false;
  const state: ScanState = {
    before,
    enterAt: null,
    enterStamp: null,
    changedAt: null,
    seenBy: null,
    after: '',
    observer: new MutationObserver(() => noteChange(state, 'observer')),
  };
  state.observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['value'] });
  scan = state;
  return true;
}

export interface ScanTiming {
  status: 'changed' | 'unchanged' | 'missing';
  /** The Enter keydown (its listener) to the quantity changed on screen. */
  ms: number;
  /** ... from the Enter event's own timeStamp (when the key event was made). */
  fromEventMs: number;
  longTaskMs: number;
  seenBy: string;
  /** The line that changed, 'itemId=quantity'. */
  changed: string;
}

/** After the scan's Enter: waits for a quantity to change; the time from the Enter keydown. */
async function scanResult(timeoutMs = 3000): Promise<ScanTiming> {
  const state = scan;
  if (!state) return { status: 'missing', ms: NaN, fromEventMs: NaN, longTaskMs: 0, seenBy: '', changed: '' };
  const deadline = performance.now() + timeoutMs;
  while (state.changedAt === null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    noteChange(state, 'poll');
  }
  state.observer.disconnect();
  scan = null;
  if (state.enterAt === null || state.changedAt === null)
    return { status: state.enterAt === null ? 'missing' : 'unchanged', ms: NaN, fromEventMs: NaN, longTaskMs: 0, seenBy: '', changed: '' };
  await new Promise((resolve) => setTimeout(resolve, 60));
  const before = new Set(state.before.split('\n'));
  return {
    status: 'changed',
    ms: state.changedAt - state.enterAt,
    fromEventMs: state.changedAt - (state.enterStamp ?? state.enterAt),
    longTaskMs: longTaskTime(state.enterStamp ?? state.enterAt),
    seenBy: state.seenBy ?? '',
    changed: state.after
      .split('\n')
      .filter((line) => !before.has(line))
      .join(', '),
  };
}

let benchDb: GarageDb | null = null;

/**
 * Between 'Order' runs (offline): the drafts it made, their lines and their outbox entries removed
 * from this device, so the next run finds the same items under their level and nothing on order.
 * Answers how many drafts went.
 */
async function removeDraftsFromLowStock(): Promise<number> {
  benchDb ??= createGarageDb();
  const db = benchDb;
  return db.transaction('rw', [db.purchaseOrders, db.purchaseOrderLines, db.outbox], async () => {
    const entries = await db.outbox.filter((entry) => entry.name === 'createPurchaseOrder').toArray();
    const ids = entries.map((entry) => entry.args.id);
    await db.purchaseOrderLines.where('orderId').anyOf(ids).delete();
    await db.purchaseOrders.bulkDelete(ids);
    await db.outbox.bulkDelete(entries.map((entry) => entry.seq!));
    return ids.length;
  });
}

const purchasingHarness = { armScan, scanResult, counted, removeDraftsFromLowStock };
(window as unknown as { __garagePurchasingBench: typeof purchasingHarness }).__garagePurchasingBench = purchasingHarness;

export type GaragePurchasingBenchHarness = typeof purchasingHarness;
