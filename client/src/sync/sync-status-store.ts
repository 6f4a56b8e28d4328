import { create } from 'zustand';
import type { RunnerStatus } from './sync-runner';

interface SyncStatusState extends RunnerStatus {
  online: boolean;
  isLeader: boolean;
  persistence: 'unknown' | 'granted' | 'refused' | 'unsupported';
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
