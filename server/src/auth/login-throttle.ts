// Failed logins are counted within a window, per account at an address and per address; past a
// limit the login is refused without checking the password, so guessing costs time.
//
// Issue 24, point 5: counted per account alone, five wrong passwords from anywhere on the shop's
// network locked the owner out too. The account's own counter is now per address: a correct
// password from an address with no recent failures always gets in. An address that keeps failing is
// held for every account it tries (maxPerAddress), and one account guessed at from several failing
// addresses is held at those addresses once the failures add up (maxPerAccountAnyAddress).
interface Counter {
  failures: number;
  windowStart: number;
}

export interface ThrottleOptions {
  windowMs: number;
  /** Failures of one account from one address. */
  maxPerAccount: number;
  /** Failures from one address, whatever the accounts. */
  maxPerAddress: number;
  /** Failures of one account from every address; holds only addresses that failed themselves. */
  maxPerAccountAnyAddress?: number;
}

export const defaultThrottle: ThrottleOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20, maxPerAccountAnyAddress: 50 };

export class LoginThrottle {
  private counters = new Map<string, Counter>();
  constructor(private readonly options: ThrottleOptions = defaultThrottle) {}

  /** Milliseconds until another try is allowed, or 0 when it is allowed now. */
  waitFor(account: string, address: string, now = Date.now()): number {
    const addressFailed = this.current(`address:${address}`, now).failures > 0;
    const waits = [
      this.wait(`pair:${account}\n${address}`, this.options.maxPerAccount, now),
      this.wait(`address:${address}`, this.options.maxPerAddress, now),
      // An address with no recent failures is never held for what others did to the account.
      addressFailed ? this.wait(`account:${account}`, this.options.maxPerAccountAnyAddress ?? defaultThrottle.maxPerAccountAnyAddress!, now) : 0,
    ];
    return Math.max(...waits);
  }

  recordFailure(account: string, address: string, now = Date.now()): void {
    this.prune(now);
    for (const key of [`pair:${account}\n${address}`, `address:${address}`, `account:${account}`]) {
      const counter = this.current(key, now);
      counter.failures += 1;
      this.counters.set(key, counter);
    }
  }

  recordSuccess(account: string, address: string): void {
    this.counters.delete(`pair:${account}\n${address}`);
  }

  /** Drops an account's failures, from every address (its password was reset on the shop PC). */
  forgetAccount(account: string): void {
    this.counters.delete(`account:${account}`);
    for (const key of this.counters.keys()) if (key.startsWith(`pair:${account}\n`)) this.counters.delete(key);
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

  /** Counters whose window has passed are dropped, so guesses at many made-up accounts do not grow memory for good. */
  private prune(now: number): void {
    if (this.counters.size < 10_000) return;
    for (const [key, counter] of this.counters) if (now - counter.windowStart >= this.options.windowMs) this.counters.delete(key);
  }
}
