import type { GarageDb } from '../db/db';
import { useSyncStatusStore } from '../sync/sync-status-store';
import { warmSearchIndex } from './use-paged-search';

const idle = (run: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);

/**
 * Builds the big tables' in-memory search indexes while nobody is waiting: when the tab is idle
 * after start and after each sync. Otherwise the first search of a screen pays for the build
 * (about a second at 50,000 items).
 */
export function warmSearchIndexesWhenIdle(db: GarageDb): void {
  const warm = () => idle(() => void Promise.all([warmSearchIndex(db.items), warmSearchIndex(db.customers)]).catch(() => undefined));
  warm();
  useSyncStatusStore.subscribe((state, previous) => {
    if (state.phase === 'idle' && previous.phase === 'syncing') warm();
  });
}
