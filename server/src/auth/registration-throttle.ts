import { HttpError } from '../http/errors';

/**
 * Issue 24, point 4: registration was open and unthrottled and hashed (32 MiB scrypt) before any
 * check: 40 registrations at once pushed a login from 0.36 s to 22 s. Registrations are counted per
 * address and in all within a window, and only a few hash at once; each refusal comes before any hashing.
 */
export interface RegistrationLimits {
  windowMs: number;
  maxPerAddress: number;
  maxInAll: number;
  /** Registrations hashing at the same moment; one more is told to try again. */
  maxHashing: number;
}

export const defaultRegistrationLimits: RegistrationLimits = { windowMs: 10 * 60_000, maxPerAddress: 20, maxInAll: 40, maxHashing: 2 };

export class RegistrationThrottle {
  private readonly attempts: { address: string; at: number }[] = [];
  private hashing = 0;

  constructor(private readonly limits: RegistrationLimits = defaultRegistrationLimits) {}

  /** Counts a registration from `address`, or throws 429; `release` must be called once its hashing is done. */
  admit(address: string, now = Date.now()): { release: () => void } {
    while (this.attempts.length > 0 && now - this.attempts[0]!.at >= this.limits.windowMs) this.attempts.shift();
    const fromAddress = this.attempts.filter((attempt) => attempt.address === address).length;
    if (fromAddress >= this.limits.maxPerAddress || this.attempts.length >= this.limits.maxInAll || this.hashing >= this.limits.maxHashing) {
      throw new HttpError(429, 'Too many registrations just now. Try again in a few minutes.');
    }
    this.attempts.push({ address, at: now });
    this.hashing += 1;
    let released = false;
    return {
      release: () => {
        if (!released) this.hashing -= 1;
        released = true;
      },
    };
  }
}
