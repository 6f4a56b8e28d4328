import { liveQuery, type Subscription } from 'dexie';
import type { GarageDb } from '../db/db';
import { SyncEngine, TransientSyncError, UnauthorizedSyncError, UnreachableSyncError, UpdateRequiredSyncError, type SyncTransport } from './sync-engine';
import { PokeListener } from './poke-listener';

/** 'update-required': the server no longer serves this build; the update prompt asks for a reload. */
export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'retrying' | 'signed-out' | 'update-required';

export interface RunnerStatus {
  phase: SyncPhase;
  lastError: string | null;
  nextRetryAt: number | null;
}

export interface RunnerHooks {
  onStatus: (status: RunnerStatus) => void;
  /** The server refused the session's token (expired or revoked): `token` is the one it refused. */
  onSignedOut: (token: string) => void;
}

// A local write is pushed at once (issue 47: a change on another device's screen, 95th under 1 s).
// It waited 300 ms to gather writes made together; the push takes every entry waiting anyway, and a
// write made while one is under way is sent by the sync that follows it (`again`), so waiting
// bought nothing but 300 ms of every change's way to the other devices.
const afterWriteDelayMs = 0;
const periodicMs = 30_000;
const maxBackoffMs = 60_000;
// The server unreachable: tried again at least this often, since no 'online' event may come when
// the network returns (navigator.onLine never went false); a failed request on the shop's LAN is cheap.
const maxUnreachableBackoffMs = 5_000;
// A build the server no longer serves asks again now and then (the server may be rolled back), not in a loop.
const updateRequiredRetryMs = 5 * 60_000;

/**
 * When to sync (docs/sync-rules.md, rule 10): on start, when the browser comes online, shortly after each
 * local write, at once when the server pokes, and on a timer as the fallback; transient failures
 * back off exponentially with jitter. A poke during a sync runs one more sync after it.
 */
export class SyncRunner {
  private readonly engine: SyncEngine;
  private readonly pokes: PokeListener;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  /** The last attempt could not reach the server: the next one is a probe, still shown as offline. */
  private unreachable = false;
  /**
   * The server's words when it last said this build is too old: until a sync gets through, an attempt
   * is a probe that keeps the update prompt up (it went away and came back on every poke before), and
   * pokes start none (another device's write does not make this build any newer).
   */
  private tooOld: string | null = null;
  private stopped = true;
  private busy = false;
  private again = false;
  private outboxWatch: Subscription | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly db: GarageDb,
    private readonly transport: SyncTransport,
    private readonly hooks: RunnerHooks,
  ) {
    this.engine = new SyncEngine(db, transport);
    this.pokes = new PokeListener(transport, () => {
      if (this.tooOld === null) this.schedule(0);
    });
  }

  start(): void {
    this.pokes.start();
    if (!this.stopped) return;
    this.stopped = false;
    const online = () => {
      this.pokes.reconnect();
      this.schedule(0);
    };
    window.addEventListener('online', online);
    this.cleanups.push(() => window.removeEventListener('online', online));
    // Any tab's write adds an outbox entry with a higher seq; the leader notices through Dexie's
    // cross-tab live query. Not the count: an entry added while another is answered can leave the
    // count where it was, and the new one would wait for the timer.
    let highestSeen: number | null = null;
    this.outboxWatch = liveQuery(() => this.db.outbox.orderBy('seq').lastKey()).subscribe((last) => {
      const seq = typeof last === 'number' ? last : 0;
      if (highestSeen !== null && seq > highestSeen) this.schedule(afterWriteDelayMs);
      highestSeen = Math.max(highestSeen ?? 0, seq);
    });
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.pokes.stop();
    if (this.timer) clearTimeout(this.timer);
    this.outboxWatch?.unsubscribe();
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
  }

  /** Sync now (the indicator's button in any tab, a login). */
  syncNow(): void {
    this.failures = 0;
    this.schedule(0);
  }

  /** The update prompt's status, with the server's words from its last 426. */
  private tooOldStatus(nextRetryAt: number | null): RunnerStatus {
    return { phase: 'update-required', lastError: this.tooOld, nextRetryAt };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    // Asked to sync now while a sync runs (a poke, Sync now): one more follows it. Its timer alone is
    // not enough, since the running sync replaces it with the timed one when it ends before it fires.
    if (this.busy && delayMs === 0) this.again = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    if (!navigator.onLine) {
      this.hooks.onStatus({ phase: 'offline', lastError: null, nextRetryAt: null });
      this.schedule(periodicMs);
      return;
    }
    this.busy = true;
    // While the server is unreachable an attempt is a probe: the indicator stays 'Offline', not flickering.
    // The same for a build the server no longer serves: the update prompt stays while it asks again.
    if (this.tooOld !== null) this.hooks.onStatus(this.tooOldStatus(null));
    else this.hooks.onStatus({ phase: this.unreachable ? 'offline' : 'syncing', lastError: null, nextRetryAt: null });
    const token = this.transport.getSession()?.token;
    try {
      await this.engine.sync();
      this.failures = 0;
      this.unreachable = false;
      this.tooOld = null;
      this.hooks.onStatus({ phase: 'idle', lastError: null, nextRetryAt: null });
      // `again` is read after the await: a poke that comes while the outbox is asked must not wait for the timer.
      const more = await this.engine.hasWork();
      this.schedule(this.again || more ? 0 : periodicMs);
    } catch (error) {
      // Stopped while this sync was under way (a logout, another session): its failure is nobody's
      // news, and the stopped runner must not try again.
      if (this.stopped) return;
      if (error instanceof UnauthorizedSyncError) {
        this.hooks.onStatus({ phase: 'signed-out', lastError: error.message, nextRetryAt: null });
        this.stop(); // a new login starts it again; the outbox waits
        if (token) this.hooks.onSignedOut(token);
        return;
      }
      if (error instanceof UpdateRequiredSyncError) {
        // The outbox stays as it is: the updated build sends it.
        this.tooOld = error.message;
        this.hooks.onStatus(this.tooOldStatus(Date.now() + updateRequiredRetryMs));
        this.schedule(updateRequiredRetryMs);
        return;
      }
      this.failures += 1;
      const unreachable = (this.unreachable = error instanceof UnreachableSyncError || !navigator.onLine);
      const base = Math.min(unreachable ? maxUnreachableBackoffMs : maxBackoffMs, 1000 * 2 ** Math.min(this.failures, 6));
      // Asked to sync now while this one ran (Sync now in any tab, a poke, a write): that sync follows
      // at once, as after a success. The backoff's timer would replace the one it set, and `again` is
      // cleared below, so it waited for the retry (up to a minute) before.
      const delay = this.again ? 0 : Math.round(base * (0.5 + Math.random() * 0.5));
      const message = error instanceof TransientSyncError ? error.message : String(error);
      // Still too old as far as anyone knows (the server restarting for its update, the Wi-Fi down):
      // the prompt stays, not replaced by 'Offline' and back at every try.
      if (this.tooOld !== null) this.hooks.onStatus(this.tooOldStatus(Date.now() + delay));
      else this.hooks.onStatus({ phase: unreachable ? 'offline' : 'retrying', lastError: message, nextRetryAt: Date.now() + delay });
      this.schedule(delay);
    } finally {
      this.busy = false;
      this.again = false;
    }
  }
}
