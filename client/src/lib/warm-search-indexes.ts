import type { GarageDb } from '../db/db';
import { useSyncStatusStore } from '../sync/sync-status-store';
import { warmSearchIndex } from './use-paged-search';

// Not before the page that opened the app has read what it shows: the tab looks idle while it
// waits for IndexedDB, and the builds' reads (several seconds of them at 100,000 job cards) would
// queue before the page's own (a job's page loaded directly: 440 ms without them, 780-950 ms with).
const startedAt = performance.now();
const quietStartMs = 3000;

const idle = (run: () => void) => {
  const now = () => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  setTimeout(now, Math.max(0, startedAt + quietStartMs - performance.now()));
};

/**
 * Builds the big tables' in-memory search indexes while nobody is waiting: when the tab is idle
 * after start and after each sync. Otherwise the first search of a screen pays for the build
 * (about a second at 50,000 items; Finished Jobs' first page waited 2.7 s for 100,000 job cards).
 */
export function warmSearchIndexesWhenIdle(db: GarageDb): void {
  // One after another, smallest first: the customer picker's index is ready in a fraction of a
  // second instead of waiting on the job cards' reads, which IndexedDB would interleave with its own.
  const all = async () => {
    for (const table of [db.customers, db.items, db.jobCards]) await warmSearchIndex(table);
  };
  const warm = () => idle(() => void all().catch(() => undefined));
  warm();
  useSyncStatusStore.subscribe((state, previous) => {
    if (state.phase === 'idle' && previous.phase === 'syncing') warm();
  });
}
