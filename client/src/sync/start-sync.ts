import type { GarageDb } from '../db/db';
import { SyncRunner, type RunnerStatus } from './sync-runner';
import { useSyncStatusStore } from './sync-status-store';
import { getStoredUser, getToken } from '../session/session-storage';
import { useSession } from '../session/session-store';

let runner: SyncRunner | null = null;

/** Between this app's tabs: the leader's sync state for every tab, and 'Sync now' from any tab. */
type TabMessage = { type: 'status'; status: RunnerStatus } | { type: 'sync-now' } | { type: 'ask-status' };
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('garage-sync');

function runnerStatus(): RunnerStatus {
  const { phase, lastError, nextRetryAt } = useSyncStatusStore.getState();
  return { phase, lastError, nextRetryAt };
}

/**
 * One tab sends (docs/sync-rules.md, rule 9): every tab asks for the same Web Lock; the holder runs the sync
 * runner (and the poke stream) until it closes, then the next tab in line takes over with nothing
 * lost. The leader tells the other tabs its state, so every tab shows the same.
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

  if (channel) {
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (message.type === 'status' && !runner) useSyncStatusStore.getState().set(message.status);
      else if (message.type === 'sync-now') syncNow();
      else if (message.type === 'ask-status' && runner) channel.postMessage({ type: 'status', status: runnerStatus() } satisfies TabMessage);
    };
    channel.postMessage({ type: 'ask-status' } satisfies TabMessage);
  }

  const lead = () => {
    runner = new SyncRunner(
      db,
      // Pages of 2,000 changes: a new device's first sync of 50,000 items took 17 % less time than with
      // the server's default of 500 (fewer requests and IndexedDB transactions; scripts/bench/profile-first-sync.ts).
      {
        fetch: (...args) => fetch(...args),
        baseUrl: '',
        getSession,
        pullPageSize: 2000,
        // The pull says which role the server reads this user as: a role changed meanwhile shows at once.
        onReadScope: ({ role }, token) => useSession.getState().setRole(token, role),
        // The lists ask the server from their first moment while it holds true (lib/use-download-search.ts).
        onCatalogueArriving: (catalogueArriving) => useSyncStatusStore.getState().set({ catalogueArriving }),
        // The bell reads less often meanwhile (features/bell/api/use-attention.ts).
        onDownloading: (downloading) => useSyncStatusStore.getState().set({ downloading }),
      },
      {
        onStatus: (next) => {
          useSyncStatusStore.getState().set(next);
          channel?.postMessage({ type: 'status', status: next } satisfies TabMessage);
        },
        // The token expired or was revoked: every tab goes to the login screen; the outbox stays.
        onSignedOut: (token) => useSession.getState().expire(token),
      },
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

/** After a login (new token) or from the indicator's button, in whichever tab: the leader syncs. */
export function syncNow(): void {
  if (!runner) {
    channel?.postMessage({ type: 'sync-now' } satisfies TabMessage);
    return;
  }
  runner.start();
  runner.syncNow();
}

/** The logged-in session, read fresh each time (another tab may have logged in or out). */
function getSession() {
  const token = getToken();
  const user = getStoredUser();
  return token && user ? { token, userId: user._id } : null;
}

async function requestPersistence(): Promise<void> {
  const set = useSyncStatusStore.getState().set;
  if (!navigator.storage?.persist) return set({ persistence: 'unsupported' });
  const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  set({ persistence: granted ? 'granted' : 'refused' });
}
