import { liveQuery, type Subscription } from 'dexie';
import type { GarageDb } from '../db/db';
import { SyncEngine, TransientSyncError, UnauthorizedSyncError, type SyncTransport } from './sync-engine';

export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'retrying' | 'signed-out';

export interface RunnerStatus {
  phase: SyncPhase;
  lastError: string | null;
  nextRetryAt: number | null;
}

const afterWriteDelayMs = 300;
const periodicMs = 30_000;
const maxBackoffMs = 60_000;

/**
 * When to sync (sync.md rule 10): on start, when the browser comes online, shortly after each
 * local write, and on a timer; transient failures back off exponentially with jitter.
 */
export class SyncRunner {
  private readonly engine: SyncEngine;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = true;
  private outboxWatch: Subscription | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly db: GarageDb,
    transport: SyncTransport,
    private readonly onStatus: (status: RunnerStatus) => void,
  ) {
    this.engine = new SyncEngine(db, transport);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const online = () => this.schedule(0);
    window.addEventListener('online', online);
    this.cleanups.push(() => window.removeEventListener('online', online));
    // Any tab's write grows the outbox; the leader notices through Dexie's cross-tab live query.
    let lastCount = -1;
    this.outboxWatch = liveQuery(() => this.db.outbox.count()).subscribe((count) => {
      if (count > lastCount && lastCount !== -1) this.schedule(afterWriteDelayMs);
      lastCount = count;
    });
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.outboxWatch?.unsubscribe();
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
  }

  /** Sync now (the indicator's button, a login). */
  syncNow(): void {
    this.failures = 0;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    if (!navigator.onLine) {
      this.onStatus({ phase: 'offline', lastError: null, nextRetryAt: null });
      this.schedule(periodicMs);
      return;
    }
    this.onStatus({ phase: 'syncing', lastError: null, nextRetryAt: null });
    try {
      await this.engine.sync();
      this.failures = 0;
      this.onStatus({ phase: 'idle', lastError: null, nextRetryAt: null });
      this.schedule(periodicMs);
    } catch (error) {
      if (error instanceof UnauthorizedSyncError) {
        this.onStatus({ phase: 'signed-out', lastError: error.message, nextRetryAt: null });
        return; // a new login restarts the runner
      }
      this.failures += 1;
      const base = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(this.failures, 6));
      const delay = Math.round(base * (0.5 + Math.random() * 0.5));
      const message = error instanceof TransientSyncError ? error.message : String(error);
      this.onStatus({ phase: navigator.onLine ? 'retrying' : 'offline', lastError: message, nextRetryAt: Date.now() + delay });
      this.schedule(delay);
    }
  }
}
