import type { GarageDb } from '../db/db';
import { useSyncStatusStore } from '../sync/sync-status-store';
import { warmSearchIndex } from '../search';

// Not before the first screen has settled: the start-up's own work (the screen, its reads, the
// first sync) comes first. Measured (docs/benchmarks-history.md, issue 11): started at once, the warm-up of
// 70,000 rows cost the dashboard 135 ms of Lighthouse's simulated blocking time, although in
// Chromium with a 4x slower CPU it made no task over 50 ms (its reads are 200 rows a request).
const settleMs = 3000;
const startedAt = performance.now();

const idle = (run: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));

/**
 * Builds the big tables' in-memory search indexes while nobody is waiting: when the tab is idle
 * after start and after each sync. Otherwise the first search of a screen pays for the build
 * (about a second at 50,000 items), or for loading the index's snapshot when the device keeps one
 * (search/snapshot.ts: well under a second). A screen that searches before then starts it itself.
 */
export function warmSearchIndexesWhenIdle(db: GarageDb): void {
  let scheduled = false;
  const warm = () => {
    if (scheduled) return;
    scheduled = true;
    const wait = Math.max(0, startedAt + settleMs - performance.now());
    setTimeout(
      () =>
        idle(() => {
          scheduled = false;
          // Items and customers first (the lists), then what the top bar's search asks at every keystroke
          // (issue 28): job cards, invoices and services. One after another, so the idle work stays small.
          void (async () => {
            await Promise.all([warmSearchIndex(db.items), warmSearchIndex(db.customers)]);
            await warmSearchIndex(db.jobCards);
            await warmSearchIndex(db.invoices);
            await warmSearchIndex(db.services);
            // The Reminders list pages its vehicles through this index (issue 45: < 100 ms to open at 30,000).
            await warmSearchIndex(db.serviceReminders);
          })().catch(() => undefined);
        }),
      wait,
    );
  };
  warm();
  useSyncStatusStore.subscribe((state, previous) => {
    if (state.phase === 'idle' && previous.phase !== 'idle') warm();
  });
}
