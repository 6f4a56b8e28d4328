import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt at OWASP's advice (issue 24, 17): N=2^16, r=8, p=2 is as costly to guess as their
 * N=2^17, r=8, p=1 but needs 64 MiB per hash instead of 128 (at most four run at once, on Node's
 * thread pool, so a flood of logins stays within 256 MiB on the shop PC). Until 2026 it was
 * N=2^15, r=8, p=1; such hashes still verify and are upgraded at the next login.
 */
const production: ScryptCost = { N: 1 << 16, r: 8, p: 2 };
let current: ScryptCost = production;
const keyLength = 64;
// A stored hash names its own cost; one beyond this is not ours (and would take the server's memory).
const maxN = 1 << 20;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; maxmem must allow that with room to spare.
  const maxmem = 2 * 128 * N * r;
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))));
}

/**
 * Tests only: the cost new hashes are made at (and that needsRehash compares with). One hash at the
 * production cost takes about 0.4 s on a 2-core machine and the suite logs in thousands of times, so
 * tests/support/cheap-passwords.ts lowers it for every test file; the tests of hashing itself and of
 * "refused before any hashing" set 'production' back, and the servers the tests spawn never call
 * this. Refused outside vitest, so no server can run at the lower cost.
 */
export function usePasswordCostForTests(cost: ScryptCost | 'production'): void {
  if (!process.env.VITEST) throw new Error('usePasswordCostForTests is for tests only');
  current = cost === 'production' ? production : cost;
}

/** `scrypt$N$r$p$salt$hash`, all the parameters kept so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, current);
  return ['scrypt', current.N, current.r, current.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function costOf(stored: string): ScryptCost | null {
  const [scheme, N, r, p] = stored.split('$').map((part, i) => (i === 0 ? part : Number(part))) as [string, number, number, number];
  const valid = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (scheme !== 'scrypt' || !valid(N, maxN) || (N & (N - 1)) !== 0 || !valid(r, 32) || !valid(p, 16)) return null;
  return { N, r, p };
}

/** Checks a password against a stored hash, at the cost the hash was made with. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [, , , , salt, hash] = stored.split('$');
  const cost = costOf(stored);
  if (!cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made at a lower cost than today's: hash the password again at the next login. */
export function needsRehash(stored: string): boolean {
  const cost = costOf(stored);
  return !cost || cost.N !== current.N || cost.r !== current.r || cost.p !== current.p;
}
