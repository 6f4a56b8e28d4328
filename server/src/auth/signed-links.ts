import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links, for what a browser opens in a new tab (a report's PDF), where no header
 * can carry the session token and the token must not go into an address (history, logs, Referer).
 * A link names what it is for, its parameters, the user and an expiry, and an HMAC-SHA256 of them.
 *
 * The key is random per server process and never written anywhere: like the session tokens (kept
 * only as hashes), a copied database or backup can forge nothing. A restart voids the open links,
 * which live a minute anyway.
 */
export type LinkCheck = 'valid' | 'expired' | 'invalid';

export interface SignedLinkFields {
  expires: string;
  signature: string;
}

export interface LinkSigner {
  sign(purpose: string, params: Record<string, string>, ttlMs: number): SignedLinkFields;
  /** Signature first, so an expiry moved by hand is 'invalid', not 'expired'. */
  check(purpose: string, params: Record<string, string>, fields: Partial<SignedLinkFields>): LinkCheck;
}

/** One canonical text per link: purpose, parameters by name, expiry (JSON, so no separator can be smuggled in). */
function payload(purpose: string, params: Record<string, string>, expires: string): string {
  return JSON.stringify([purpose, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)), expires]);
}

export function createLinkSigner(key: Buffer = randomBytes(32)): LinkSigner {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest();
  return {
    sign(purpose, params, ttlMs) {
      const expires = String(Date.now() + ttlMs);
      return { expires, signature: mac(payload(purpose, params, expires)).toString('base64url') };
    },
    check(purpose, params, { expires, signature }) {
      if (!expires || !signature || !/^\d{1,16}$/.test(expires)) return 'invalid';
      // Compared as text: decoding would let a changed last character (padding bits) pass.
      const given = Buffer.from(signature);
      const expected = Buffer.from(mac(payload(purpose, params, expires)).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) > Date.now() ? 'valid' : 'expired';
    },
  };
}
