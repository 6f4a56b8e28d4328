import type { GarageDb } from '../db/db';
import { SyncRunner } from './sync-runner';
import { useSyncStatusStore } from './sync-status-store';
import { getToken } from '../lib/session-storage';

let runner: SyncRunner | null = null;

/**
 * One tab sends (sync.md rule 9): every tab asks for the same Web Lock; the holder runs the sync
 * runner until it closes, then the next tab in line takes over with nothing lost.
 */
export function startSync(db: GarageDb): void {
  const status = useSyncStatusStore.getState();
  const update = () => status.set({ online: navigator.onLine });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  // A login in another tab gives the leader a token again.
  window.addEventListener('storage', (event) => {
    if (event.key === 'token' && event.newValue) syncNow();
  });
  void requestPersistence();

  const lead = () => {
    runner = new SyncRunner(db, { fetch: (...args) => fetch(...args), baseUrl: '', getToken }, (s) =>
      useSyncStatusStore.getState().set(s),
    );
    useSyncStatusStore.getState().set({ isLeader: true });
    runner.start();
  };
  if ('locks' in navigator) {
    void navigator.locks.request('garage-sync-leader', () => {
      lead();
      return new Promise<never>(() => {}); // held for the life of the tab
    });
  } else {
    lead();
  }
}

/** After a login (new token) or from the indicator's button. */
export function syncNow(): void {
  runner?.start();
  runner?.syncNow();
}

async function requestPersistence(): Promise<void> {
  const set = useSyncStatusStore.getState().set;
  if (!navigator.storage?.persist) return set({ persistence: 'unsupported' });
  const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  set({ persistence: granted ? 'granted' : 'refused' });
}
