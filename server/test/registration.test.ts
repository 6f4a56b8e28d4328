import { inTransaction } from '@server/db/prepared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, makeTestServer, newCredentials, type TestServer } from './helpers';
import { users } from '../src/db/schema';
import { RegistrationThrottle, defaultRegistrationLimits } from '../src/auth/registration-throttle';
import { maxPendingAccounts } from '../src/routes/user-auth';
import { usePasswordCostForTests } from '../src/auth/passwords';
import { cheapPasswordCost } from '../../tests/support/cheap-passwords';

// "Refused before any hashing" is timed below (under 100 ms): that means something only while a hash
// costs what it does in production, not the suite's cheap one (tests/support/cheap-passwords.ts).
usePasswordCostForTests('production');

// Issue 24, point 4: registration was open, unthrottled, and hashed before any check; the 409 for an
// existing email told a stranger who has an account.

let server: TestServer;
beforeEach(async () => {
  server = await makeTestServer();
});
afterEach(() => server.close());

const register = async (body: unknown) => server.request('POST', '/api/user/register', { body });

describe('POST /api/user/register', () => {
  it(`takes at most ${defaultRegistrationLimits.maxPerAddress} registrations from one address in the window, refusing before any hashing`, async () => {
    // The accounts that fill the window are hashed cheaply (20 real hashes were 8 s of this file);
    // the refusal after them is timed against the production cost again.
    usePasswordCostForTests(cheapPasswordCost);
    for (let i = 0; i < defaultRegistrationLimits.maxPerAddress; i++) expect((await register(newCredentials('flood'))).status).toBe(201);
    usePasswordCostForTests('production');
    const before = await countRows(server.db, 'users');
    const started = performance.now();
    const refused = await register(newCredentials('flood'));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, message: expect.stringMatching(/Too many registrations/) });
    expect(performance.now() - started).toBeLessThan(100); // no 32 MiB scrypt hash was made
    expect(await countRows(server.db, 'users')).toBe(before);
  });

  it(`refuses a registration while ${maxPendingAccounts} recent accounts wait for activation`, async () => {
    expect((await register(newCredentials('admin'))).status).toBe(201); // the first account: the Admin
    const now = new Date().toISOString();
    await inTransaction(server.db, async (tx) => {
      for (let i = 0; i < maxPendingAccounts; i++) {
        await tx
          .insert(users)
          .values({ id: randomUUID(), name: `Pending ${i}`, email: `pending-${i}@x.lk`, role: 'Staff', status: false, passwordHash: 'x', createdAt: now, updatedAt: now })
          .run();
      }
    });
    const before = await countRows(server.db, 'users');
    const refused = await register(newCredentials('late'));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/waiting for an administrator/);
    expect(await countRows(server.db, 'users')).toBe(before);
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

describe('the Admin’s self-registration switch', () => {
  const setting = async (token: string, body?: unknown) => server.call(body === undefined ? 'GET' : 'PUT', '/api/user/registration', token, body as never);

  it('is open until an Admin turns it off; then a registration is refused before any hashing, and nothing is added', async () => {
    const admin = (await server.userWithRole('Admin')).token;
    expect((await setting(admin)).json).toEqual({ success: true, open: true });
    expect((await register(newCredentials('before'))).status).toBe(201);

    expect((await setting(admin, { open: false })).json).toEqual({ success: true, open: false, message: 'Self-registration is turned off: only an Admin adds accounts.' });
    expect((await setting(admin)).json).toEqual({ success: true, open: false });
    const before = await countRows(server.db, 'users');
    const started = performance.now();
    const refused = await register(newCredentials('after'));
    expect([refused.status, refused.json]).toEqual([403, { success: false, message: 'Self-registration is turned off. Ask an administrator for an account.' }]);
    expect(performance.now() - started).toBeLessThan(100); // no 32 MiB scrypt hash was made
    expect(await countRows(server.db, 'users')).toBe(before);

    expect((await setting(admin, { open: true })).json.open).toBe(true);
    expect((await register(newCredentials('again'))).status).toBe(201);
  });

  it('is set by an Admin only, with a clear refusal of anything but true or false', async () => {
    for (const role of ['Manager', 'Staff'] as const) {
      const token = (await server.userWithRole(role)).token;
      expect((await setting(token)).status).toBe(403);
      expect((await setting(token, { open: false })).status).toBe(403);
    }
    const admin = (await server.userWithRole('Admin')).token;
    for (const body of [{ open: 'no' }, {}, { open: false, extra: 1 }]) {
      const answer = await setting(admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.success).toBe(false);
    }
    expect((await setting(admin)).json.open).toBe(true);
  });

  it('never keeps a new server from getting its first account', async () => {
    const { setSelfRegistration } = await import('../src/auth/self-registration');
    await setSelfRegistration(server.db, false);
    expect(await countRows(server.db, 'users')).toBe(0);
    const first = await register(newCredentials('owner'));
    expect([first.status, first.json.message]).toEqual([201, 'Account created. You are the administrator; please log in.']);
    expect((await register(newCredentials('stranger'))).status).toBe(403);
  });
});
