import type { SyncTransport } from './sync-engine';

/** Twice the server's keep-alive: a stream silent this long is dead, whatever the socket says. */
const silenceLimitMs = 45_000;
const maxBackoffMs = 30_000;

/**
 * Listens to the server's poke stream (GET /api/sync/events, server-sent events read through
 * fetch so the token travels in a header) and calls `onPoke` for each poke. Reconnects with
 * backoff and jitter, so a restarted server or a Wi-Fi drop costs a few seconds at most; the
 * sync timer stays as the fallback. Stops on 401 until `start()` is called again (a new login).
 */
export class PokeListener {
  private abort: AbortController | null = null;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(
    private readonly transport: SyncTransport,
    private readonly onPoke: () => void,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    if (this.retry) clearTimeout(this.retry);
    this.abort?.abort();
  }

  /** Connect again now (the browser came back online). */
  reconnect(): void {
    if (!this.running) return this.start();
    if (this.retry) clearTimeout(this.retry);
    this.failures = 0;
    this.abort?.abort();
    void this.connect();
  }

  private async connect(): Promise<void> {
    const session = this.transport.getSession();
    if (!this.running || !session) return void (this.running = false);
    const abort = new AbortController();
    this.abort = abort;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const heard = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), silenceLimitMs);
    };
    try {
      heard();
      const response = await this.transport.fetch(`${this.transport.baseUrl}/api/sync/events`, {
        headers: { token: session.token, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (response.status === 401) return void (this.running = false);
      if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        this.failures = 0;
        buffer += value;
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) if (/^event: poke$/m.test(event)) this.onPoke();
      }
    } catch {
      // Dropped, refused or silent: try again below.
    } finally {
      if (silence) clearTimeout(silence);
    }
    if (!this.running || this.abort !== abort) return;
    this.failures += 1;
    const base = Math.min(maxBackoffMs, 500 * 2 ** Math.min(this.failures, 6));
    this.retry = setTimeout(() => void this.connect(), Math.round(base * (0.5 + Math.random() * 0.5)));
  }
}
