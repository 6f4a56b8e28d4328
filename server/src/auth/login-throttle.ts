// Failed logins are counted per account and per address within a window; past the limit the
// login is refused without checking the password, so guessing costs time.
interface Counter {
  failures: number;
  windowStart: number;
}

export interface ThrottleOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export const defaultThrottle: ThrottleOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 };

export class LoginThrottle {
  private counters = new Map<string, Counter>();
  constructor(private readonly options: ThrottleOptions = defaultThrottle) {}

  /** Milliseconds until another try is allowed, or 0 when it is allowed now. */
  waitFor(account: string, address: string, now = Date.now()): number {
    const waits = [
      this.wait(`account:${account}`, this.options.maxPerAccount, now),
      this.wait(`address:${address}`, this.options.maxPerAddress, now),
    ];
    return Math.max(...waits);
  }

  recordFailure(account: string, address: string, now = Date.now()): void {
    for (const key of [`account:${account}`, `address:${address}`]) {
      const counter = this.current(key, now);
      counter.failures += 1;
      this.counters.set(key, counter);
    }
  }

  recordSuccess(account: string): void {
    this.counters.delete(`account:${account}`);
  }

  private wait(key: string, max: number, now: number): number {
    const counter = this.current(key, now);
    return counter.failures >= max ? counter.windowStart + this.options.windowMs - now : 0;
  }

  private current(key: string, now: number): Counter {
    const counter = this.counters.get(key);
    if (!counter || now - counter.windowStart >= this.options.windowMs) return { failures: 0, windowStart: now };
    return counter;
  }
}
