import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, makeTestServer, newCredentials, type TestServer } from './helpers';
import { users } from '../src/db/schema';
import { RegistrationThrottle, defaultRegistrationLimits } from '../src/auth/registration-throttle';
import { maxPendingAccounts } from '../src/routes/user-auth';

// Issue 24, point 4: registration was open, unthrottled, and hashed before any check; the 409 for an
// existing email told a stranger who has an account.

let server: TestServer;
beforeEach(() => {
  server = makeTestServer();
});
afterEach(() => server.close());

const register = (body: unknown) => server.request('POST', '/api/user/register', { body });

describe('POST /api/user/register', () => {
  it(`takes at most ${defaultRegistrationLimits.maxPerAddress} registrations from one address in the window, refusing before any hashing`, async () => {
    for (let i = 0; i < defaultRegistrationLimits.maxPerAddress; i++) expect((await register(newCredentials('flood'))).status).toBe(201);
    const before = countRows(server.db, 'users');
    const started = performance.now();
    const refused = await register(newCredentials('flood'));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, message: expect.stringMatching(/Too many registrations/) });
    expect(performance.now() - started).toBeLessThan(100); // no 32 MiB scrypt hash was made
    expect(countRows(server.db, 'users')).toBe(before);
  });

  it(`refuses a registration while ${maxPendingAccounts} recent accounts wait for activation`, async () => {
    expect((await register(newCredentials('admin'))).status).toBe(201); // the first account: the Admin
    const now = new Date().toISOString();
    server.db.transaction((tx) => {
      for (let i = 0; i < maxPendingAccounts; i++) {
        tx.insert(users).values({ id: randomUUID(), name: `Pending ${i}`, email: `pending-${i}@x.lk`, role: 'Staff', status: false, passwordHash: 'x', createdAt: now, updatedAt: now }).run();
      }
    });
    const before = countRows(server.db, 'users');
    const refused = await register(newCredentials('late'));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/waiting for an administrator/);
    expect(countRows(server.db, 'users')).toBe(before);
  });
});

describe('RegistrationThrottle', () => {
  const limits = { windowMs: 60_000, maxPerAddress: 3, maxInAll: 5, maxHashing: 2 };
  it('counts per address, in all, and the registrations hashing at once', () => {
    const throttle = new RegistrationThrottle(limits);
    for (let i = 0; i < 3; i++) throttle.admit('10.0.0.1', 1000).release();
    expect(() => throttle.admit('10.0.0.1', 1000)).toThrow(/Too many registrations/);
    throttle.admit('10.0.0.2', 1000).release();
    throttle.admit('10.0.0.3', 1000).release();
    expect(() => throttle.admit('10.0.0.4', 1000)).toThrow(/Too many registrations/); // five in all
    expect(() => throttle.admit('10.0.0.4', 61_000)).not.toThrow(); // the window has passed
  });

  it('lets only maxHashing registrations hash at once', () => {
    const throttle = new RegistrationThrottle(limits);
    const first = throttle.admit('10.0.0.1', 1000);
    throttle.admit('10.0.0.2', 1000);
    expect(() => throttle.admit('10.0.0.3', 1000)).toThrow(/Too many registrations/);
    first.release();
    expect(() => throttle.admit('10.0.0.3', 1000)).not.toThrow();
  });
});
