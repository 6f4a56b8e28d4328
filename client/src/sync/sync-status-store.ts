import { create } from 'zustand';
import type { RunnerStatus } from './sync-runner';

interface SyncStatusState extends RunnerStatus {
  online: boolean;
  isLeader: boolean;
  persistence: 'unknown' | 'granted' | 'refused' | 'unsupported';
  /**
   * The sync engine's word, in the tab that runs it: a first sync is pulling the catalogue and the
   * customers (their part of the download). The lists read it from the device's state too; this is
   * what they go by until that read comes (lib/use-download-search.ts).
   */
  catalogueArriving?: boolean;
  /** The sync engine's word, in the tab that runs it: a pull of several pages is under way. */
  downloading?: boolean;
  set: (patch: Partial<SyncStatusState>) => void;
}

export const useSyncStatusStore = create<SyncStatusState>((set) => ({
  phase: 'idle',
  lastError: null,
  nextRetryAt: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  isLeader: false,
  persistence: 'unknown',
  set: (patch) => set(patch),
}));

/**
 * Online for the screens: the browser says so and the last sync reached the server. A page loaded
 * while offline can have navigator.onLine true (Chromium's emulation), and so has a tablet whose
 * Wi-Fi works but cannot reach the shop server; the sync runner's 'offline' phase tells both.
 */
export const isOnline = (state: Pick<SyncStatusState, 'online' | 'phase'>): boolean => state.online && state.phase !== 'offline';
