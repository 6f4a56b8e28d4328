/**
 * A wake-up that is never lost: `set()` while nobody waits (the stream was busy writing) makes the
 * next `wait` return at once. A bare resolver set inside the wait would drop it, and the poke
 * would wait for the next keep-alive, 20 s later.
 */
export class Wakeup {
  private pending = false;
  private resolve: (() => void) | null = null;

  set(): void {
    this.pending = true;
    this.resolve?.();
  }

  /** Waits until `set()` or `ms`; says whether it was set (since the last wait), and clears it. */
  async wait(ms: number): Promise<boolean> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.resolve = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.resolve = null;
    }
    const was = this.pending;
    this.pending = false;
    return was;
  }
}
