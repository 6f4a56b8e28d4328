// Issue 24 point 17: passwords are hashed at today's advised scrypt cost; a hash made at the old cost
// still lets its owner in, and is made again at today's cost at that login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { hashPassword, needsRehash, usePasswordCostForTests, verifyPassword } from '../src/auth/passwords';
import { login, makeTestServer, type TestServer } from './helpers';

// Hashing itself is what this file tests: at the production cost, not the suite's cheap one.
usePasswordCostForTests('production');

let server: TestServer;
beforeAll(async () => {
  server = await makeTestServer();
});
afterAll(() => server.close());

/** A hash exactly as the server made them before (N=2^15, r=8, p=1). */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 1 << 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

const storedHash = async (id: string) => (await server.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).get())!.hash;

describe('password hashes', () => {
  it("are made at OWASP's scrypt cost (N=2^16, r=8, p=2: as hard as N=2^17, p=1, in half the memory)", async () => {
    const hash = await hashPassword('a long enough password');
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyPassword('a long enough password', hash)).toBe(true);
    expect(await verifyPassword('another password', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  }, 60_000);

  it('verify at the cost they were made with, so old ones still let their owners in', async () => {
    const hash = oldHash('secret-123');
    expect(await verifyPassword('secret-123', hash)).toBe(true);
    expect(await verifyPassword('secret-124', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(true);
  }, 60_000);

  it("refuse a stored hash whose cost is not scrypt's or would take the server's memory", async () => {
    for (const cost of ['1000$8$1', `${1 << 24}$8$1`, '65536$0$1', '65536$8$99']) {
      expect(await verifyPassword('x', `scrypt$${cost}$c2FsdA==$aGFzaA==`), cost).toBe(false);
    }
    expect(await verifyPassword('x', 'bcrypt$10$abc')).toBe(false);
  });
});

describe('login with a hash made at the old cost', () => {
  const insert = async (passwordHash: string, status = true) => {
    const id = randomUUID();
    const email = `old-${id.slice(0, 8)}@garage.test`;
    const now = new Date().toISOString();
    await server.db.insert(users).values({ id, name: 'Old Hand', email, role: 'Staff', status, passwordHash, createdAt: now, updatedAt: now }).run();
    return { id, email };
  };

  it('lets the owner in and stores the password again at the new cost', async () => {
    const user = await insert(oldHash('old-but-gold'));
    const first = await login(server, user.email, 'old-but-gold');
    expect(first.status, first.text).toBe(200);
    const upgraded = await storedHash(user.id);
    expect(upgraded).toMatch(/^scrypt\$65536\$8\$2\$/);
    expect(await verifyPassword('old-but-gold', upgraded)).toBe(true);
    // And the new hash lets them in next time, unchanged.
    expect((await login(server, user.email, 'old-but-gold')).status).toBe(200);
    expect(await storedHash(user.id)).toBe(upgraded);
  }, 120_000);

  it('keeps the old hash after a wrong password', async () => {
    const hash = oldHash('old-but-gold');
    const user = await insert(hash);
    expect((await login(server, user.email, 'not-the-one')).status).toBe(401);
    expect(await storedHash(user.id)).toBe(hash);
  }, 60_000);

  it('lets an old password shorter than today’s minimum in (login checks presence only)', async () => {
    const user = await insert(oldHash('abc123'));
    expect((await login(server, user.email, 'abc123')).status).toBe(200);
  }, 60_000);
});
