import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { tokens, users } from '../src/db/schema';
import { countRows, createUserWithRole, login, makeTestServer, newCredentials, registerAndLogin, sendRequest, sleep, type TestServer } from './helpers';

const expiredMessage = 'Your session has expired. Please log in again.';
const notActiveMessage = 'Your account is not active yet. Ask an administrator.';

describe('health and the token check', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await makeTestServer();
    adminToken = (await registerAndLogin(server)).token;
  });
  afterAll(() => server.close());

  it('answers health without a token', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ ok: true });
  });

  it('refuses /api/categories without a token: 401 { success: false, message }', async () => {
    const response = await server.request('GET', '/api/categories');
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ success: false, message: expiredMessage });
  });

  it.each([
    ['a made-up token', { token: 'not-a-real-token' }],
    ['an empty token header', { token: '' }],
    ['a Bearer header with a made-up token', { headers: { Authorization: 'Bearer abc.def.ghi' } }],
    ['a Basic authorization header', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } }],
    ['"Bearer" with nothing after it', { headers: { Authorization: 'Bearer ' } }],
  ])('refuses %s with 401', async (_label, options) => {
    const response = await server.request('GET', '/api/categories', options);
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ success: false, message: expiredMessage });
  });

  it('refuses the SHA-256 hash of a real token (a copied tokens table grants nothing)', async () => {
    const hash = createHash('sha256').update(adminToken).digest('hex');
    const response = await server.request('GET', '/api/categories', { token: hash });
    expect(response.status).toBe(401);
  });

  it('accepts the token in the `token` header', async () => {
    const response = await server.request('GET', '/api/categories', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, categories: [] });
  });

  it('accepts the token as Authorization: Bearer (any case of "bearer")', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await server.request('GET', '/api/categories', { headers: { Authorization: `${scheme} ${adminToken}` } });
      expect(response.status).toBe(200);
      expect(response.json.success).toBe(true);
    }
  });

  it('answers an unknown API route with a JSON 404 once authenticated, and 401 before', async () => {
    expect((await server.request('GET', '/api/nope')).status).toBe(401);
    const response = await server.request('GET', '/api/nope', { token: adminToken });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ success: false, message: 'No such API route: GET /api/nope' });
  });
});

describe('register and login', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await makeTestServer();
  });
  afterAll(() => server.close());

  it('makes the first account an active Admin and logs it in', async () => {
    const admin = newCredentials('first');
    const registered = await server.request('POST', '/api/user/register', { body: admin });
    expect(registered.status).toBe(201);
    expect(registered.json).toEqual({ success: true, message: 'Account created. You are the administrator; please log in.' });

    const row = await server.db.select().from(users).where(eq(users.email, admin.email)).get();
    expect(row).toMatchObject({ name: admin.name, email: admin.email, role: 'Admin', status: true });

    const loggedIn = await login(server, admin.email, admin.password);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.json).toEqual({
      success: true,
      message: 'Login successful.',
      token: expect.any(String),
      user: { _id: row!.id, name: admin.name, email: admin.email, role: 'Admin', status: true },
      // The key this user signs the changes they make on a device with (server/src/sync/signing-keys.ts).
      signingKey: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(loggedIn.json.token.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(loggedIn.json)).not.toContain('scrypt$');
    expect(JSON.stringify(loggedIn.json)).not.toContain('passwordHash');
  });

  it('makes a later account an inactive Staff that cannot log in yet (403)', async () => {
    const later = newCredentials('second');
    const registered = await server.request('POST', '/api/user/register', { body: later });
    expect(registered.status).toBe(201);
    expect(registered.json).toEqual({
      success: true,
      message: 'Account created. An administrator must activate it before you can log in.',
    });
    const row = await server.db.select().from(users).where(eq(users.email, later.email)).get();
    expect(row).toMatchObject({ role: 'Staff', status: false });

    const tokensBefore = await countRows(server.db, 'tokens');
    const refused = await login(server, later.email, later.password);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ success: false, message: notActiveMessage });
    expect(await countRows(server.db, 'tokens')).toBe(tokensBefore);

    // A wrong password for an inactive account is an ordinary 401: nothing about its state leaks.
    const wrong = await login(server, later.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, message: 'Invalid email or password.' });
  });

  it('lets the inactive Staff in once activated', async () => {
    const later = newCredentials('activated');
    expect((await server.request('POST', '/api/user/register', { body: later })).status).toBe(201);
    expect((await login(server, later.email, later.password)).status).toBe(403);
    await server.db.update(users).set({ status: true }).where(eq(users.email, later.email)).run();
    const loggedIn = await login(server, later.email, later.password);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.json.user).toMatchObject({ role: 'Staff', status: true });
  });

  // Issue 24, point 4: the 409 told a stranger who has an account. A duplicate now answers as a new
  // registration does, and still adds no row.
  it('answers a duplicate email as a new registration, whatever its case, and adds no row', async () => {
    const credentials = newCredentials('dup');
    expect((await server.request('POST', '/api/user/register', { body: credentials })).status).toBe(201);
    const before = await countRows(server.db, 'users');
    const freshCredentials = newCredentials('dup-fresh');
    const fresh = await server.request('POST', '/api/user/register', { body: freshCredentials });
    for (const email of [credentials.email, credentials.email.toUpperCase(), `  ${credentials.email}  `]) {
      const again = await server.request('POST', '/api/user/register', { body: { ...credentials, email } });
      expect(again.status).toBe(fresh.status);
      expect(again.json).toEqual(fresh.json);
    }
    await server.db.delete(users).where(eq(users.email, freshCredentials.email)).run();
    expect(await countRows(server.db, 'users')).toBe(before);
  });

  it('stores the email trimmed and lower-cased, so login is case-insensitive', async () => {
    const credentials = newCredentials('case');
    const mixed = `  ${credentials.email.toUpperCase()} `;
    expect((await server.request('POST', '/api/user/register', { body: { ...credentials, email: mixed } })).status).toBe(201);
    expect(await server.db.select().from(users).where(eq(users.email, credentials.email)).get()).toBeDefined();
    await server.db.update(users).set({ status: true }).where(eq(users.email, credentials.email)).run();
    expect((await login(server, credentials.email.toUpperCase(), credentials.password)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const user = await createUserWithRole(server.db, { role: 'Manager' });
    const wrong = await login(server, user.email, `${user.password}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, message: 'Invalid email or password.' });
    const unknown = await login(server, 'nobody@garage.test', user.password);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    // The password is case-sensitive.
    expect((await login(server, user.email, user.password.toUpperCase())).status).toBe(401);
    expect((await login(server, user.email, user.password)).status).toBe(200);
  });

  it.each([
    ['a bad email', { name: 'Ann', email: 'not-an-email', password: 'secret123' }, 'Please enter a valid email address.'],
    ['an email with a space', { name: 'Ann', email: 'ann smith@x.lk', password: 'secret123' }, 'Please enter a valid email address.'],
    ['a missing email', { name: 'Ann', password: 'secret123' }, 'Email is required.'],
    ['a blank email', { name: 'Ann', email: '   ', password: 'secret123' }, 'Email is required.'],
    ['a missing name', { email: 'ann@x.lk', password: 'secret123' }, 'Name is required.'],
    ['a blank name', { name: '   ', email: 'ann@x.lk', password: 'secret123' }, 'Name is required.'],
    ['a name that is a number', { name: 42, email: 'ann@x.lk', password: 'secret123' }, 'Name is required.'],
    ['a missing password', { name: 'Ann', email: 'ann@x.lk' }, 'Password is required.'],
    ['an empty password', { name: 'Ann', email: 'ann@x.lk', password: '' }, 'Password is required.'],
    ['a short password', { name: 'Ann', email: 'ann@x.lk', password: '12345' }, 'Password must be at least 8 characters.'],
    ['a password of 7 characters', { name: 'Ann', email: 'ann@x.lk', password: 'abc-123' }, 'Password must be at least 8 characters.'],
  ])('register refuses %s with 400 and its message, adding no row', async (_label, body, message) => {
    const before = await countRows(server.db, 'users');
    const response = await server.request('POST', '/api/user/register', { body });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message });
    expect(await countRows(server.db, 'users')).toBe(before);
  });

  it.each([
    ['a bad email', { email: 'nope', password: 'x' }, 'Please enter a valid email address.'],
    ['a missing email', { password: 'x' }, 'Email is required.'],
    ['a missing password', { email: 'ann@x.lk' }, 'Password is required.'],
    ['an empty password', { email: 'ann@x.lk', password: '' }, 'Password is required.'],
  ])('login refuses %s with 400 and its message', async (_label, body, message) => {
    const response = await server.request('POST', '/api/user/login', { body });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message });
  });

  it('answers malformed JSON on register and login with 400, not 500', async () => {
    for (const path of ['/api/user/register', '/api/user/login']) {
      const response = await server.request('POST', path, { body: '{"email": ' });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    }
  });

  it('stores the password only as a salted scrypt hash', async () => {
    const a = newCredentials('hash-a');
    const b = { ...newCredentials('hash-b'), password: a.password };
    for (const credentials of [a, b]) {
      expect((await server.request('POST', '/api/user/register', { body: credentials })).status).toBe(201);
    }
    const rowA = (await server.db.select().from(users).where(eq(users.email, a.email)).get())!;
    const rowB = (await server.db.select().from(users).where(eq(users.email, b.email)).get())!;
    for (const row of [rowA, rowB]) {
      expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
      expect(row.passwordHash).not.toContain(a.password);
      expect(row.passwordHash.split('$')).toHaveLength(6);
    }
    // Same password, different salt, different hash.
    expect(rowA.passwordHash).not.toBe(rowB.passwordHash);
    // Nowhere in the file's users table is the plain password.
    const dump = JSON.stringify(await server.db.$client.prepare('SELECT * FROM users').all());
    expect(dump).not.toContain(a.password);
  });

  it('stores only the hash of a token, never the token itself', async () => {
    const user = await createUserWithRole(server.db, { role: 'Staff' });
    const { token } = (await login(server, user.email, user.password)).json as { token: string };
    const stored = await server.db.select().from(tokens).where(eq(tokens.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const dump = JSON.stringify(await server.db.$client.prepare('SELECT * FROM tokens').all());
    expect(dump).not.toContain(token);
  });

  it('gives a new token on each login; both work', async () => {
    const user = await createUserWithRole(server.db, { role: 'Staff' });
    const first = (await login(server, user.email, user.password)).json.token as string;
    const second = (await login(server, user.email, user.password)).json.token as string;
    expect(first).not.toBe(second);
    for (const token of [first, second]) expect((await server.request('GET', '/api/categories', { token })).status).toBe(200);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const user = await createUserWithRole(server.db, { role: 'Staff' });
    const { token } = (await login(server, user.email, user.password)).json as { token: string };
    expect((await server.request('GET', '/api/categories', { token })).status).toBe(200);
    await server.db.update(users).set({ status: false }).where(eq(users.id, user.id)).run();
    expect((await server.request('GET', '/api/categories', { token })).status).toBe(401);
  });
});

describe('token expiry and logout', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  it('refuses a token once its TTL has passed (tiny TOKEN_TTL_HOURS)', async () => {
    server = await makeTestServer({ tokenTtlHours: 0.0002 }); // 720 ms
    const { token } = await registerAndLogin(server);
    expect((await server.request('GET', '/api/categories', { token })).status).toBe(200);
    await sleep(900);
    const response = await server.request('GET', '/api/categories', { token });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ success: false, message: expiredMessage });
  });

  it('refuses a token whose expiresAt is in the past (set in the database)', async () => {
    server = await makeTestServer();
    const { token } = await registerAndLogin(server);
    expect((await server.request('GET', '/api/categories', { token })).status).toBe(200);
    const hash = createHash('sha256').update(token).digest('hex');
    await server.db
      .update(tokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(tokens.tokenHash, hash))
      .run();
    const response = await server.request('GET', '/api/categories', { token });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ success: false, message: expiredMessage });
  });

  it('sets expiresAt TOKEN_TTL_HOURS after login', async () => {
    server = await makeTestServer({ tokenTtlHours: 2 });
    const before = Date.now();
    const { token } = await registerAndLogin(server);
    const hash = createHash('sha256').update(token).digest('hex');
    const row = (await server.db.select().from(tokens).where(eq(tokens.tokenHash, hash)).get())!;
    expect(row.expiresAt).toBeGreaterThanOrEqual(before + 2 * 3600_000);
    expect(row.expiresAt).toBeLessThanOrEqual(Date.now() + 2 * 3600_000);
    expect(row.revokedAt).toBeNull();
  });

  it('revokes the token on logout: the same token then gets 401, other sessions stay', async () => {
    server = await makeTestServer();
    const { token, credentials } = await registerAndLogin(server);
    const other = (await login(server, credentials.email, credentials.password)).json.token as string;

    const out = await server.request('POST', '/api/user/logout', { token });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true, message: 'Logged out.' });
    const hash = createHash('sha256').update(token).digest('hex');
    expect((await server.db.select().from(tokens).where(eq(tokens.tokenHash, hash)).get())!.revokedAt).not.toBeNull();

    const after = await server.request('GET', '/api/categories', { token });
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ success: false, message: expiredMessage });
    expect((await server.request('POST', '/api/user/logout', { token })).status).toBe(401);

    expect((await server.request('GET', '/api/categories', { token: other })).status).toBe(200);
  });

  it('logs out a Bearer token too', async () => {
    server = await makeTestServer();
    const { token } = await registerAndLogin(server);
    const headers = { Authorization: `Bearer ${token}` };
    expect((await server.request('POST', '/api/user/logout', { headers })).status).toBe(200);
    expect((await server.request('GET', '/api/categories', { headers })).status).toBe(401);
  });

  it('requires a token to log out', async () => {
    server = await makeTestServer();
    expect((await server.request('POST', '/api/user/logout')).status).toBe(401);
  });
});

describe('login throttling', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  it('after 5 wrong passwords refuses the 6th try with 429, even with the right password', async () => {
    server = await makeTestServer();
    const { credentials } = await registerAndLogin(server);
    for (let i = 0; i < 5; i++) {
      const wrong = await login(server, credentials.email, `wrong-${i}`);
      expect(wrong.status).toBe(401);
    }
    const tokensBefore = await countRows(server.db, 'tokens');
    const sixth = await login(server, credentials.email, credentials.password);
    expect(sixth.status).toBe(429);
    expect(sixth.json.success).toBe(false);
    expect(sixth.json.message).toMatch(/^Too many failed login attempts\. Try again in \d+ minute\(s\)\.$/);
    expect(sixth.json.token).toBeUndefined();
    expect(await countRows(server.db, 'tokens')).toBe(tokensBefore);

    // The lock is on that account, whatever the case of the email.
    expect((await login(server, credentials.email.toUpperCase(), credentials.password)).status).toBe(429);
  });

  it('locks only that account: another account still logs in', async () => {
    server = await makeTestServer();
    const { credentials } = await registerAndLogin(server);
    const other = await createUserWithRole(server.db, { role: 'Staff' });
    for (let i = 0; i < 5; i++) expect((await login(server, credentials.email, 'wrong')).status).toBe(401);
    expect((await login(server, credentials.email, credentials.password)).status).toBe(429);
    expect((await login(server, other.email, other.password)).status).toBe(200);
  });

  it('counts unknown emails too (no free guessing of accounts)', async () => {
    server = await makeTestServer();
    for (let i = 0; i < 5; i++) expect((await login(server, 'ghost@garage.test', 'x')).status).toBe(401);
    expect((await login(server, 'ghost@garage.test', 'x')).status).toBe(429);
  });

  it('a success before the limit clears the account counter', async () => {
    server = await makeTestServer();
    const { credentials } = await registerAndLogin(server);
    for (let i = 0; i < 4; i++) expect((await login(server, credentials.email, 'wrong')).status).toBe(401);
    expect((await login(server, credentials.email, credentials.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(server, credentials.email, 'wrong')).status).toBe(401);
    expect((await login(server, credentials.email, credentials.password)).status).toBe(200);
  });

  it('lets the account in again once the window has passed', async () => {
    // The throttle's clock is moved, not waited for: the test no longer depends on how fast five scrypt
    // hashes run (a 10 s window failed under a load average of 8). Only Date is faked; hashing is real.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    server = await makeTestServer({ throttle: { windowMs: 15 * 60_000 } });
    const { credentials } = await registerAndLogin(server);
    for (let i = 0; i < 5; i++) expect((await login(server, credentials.email, 'wrong')).status).toBe(401);
    expect((await login(server, credentials.email, credentials.password)).status).toBe(429);
    vi.setSystemTime(Date.now() + 15 * 60_000 - 1_000);
    expect((await login(server, credentials.email, credentials.password)).status, 'a second before the window ends').toBe(429);
    vi.setSystemTime(Date.now() + 1_000);
    expect((await login(server, credentials.email, credentials.password)).status).toBe(200);
  });
});

describe('over a real socket (serve on 127.0.0.1, port 0, real fetch)', () => {
  let server: TestServer;
  let http: Server;
  let base: string;

  beforeAll(async () => {
    server = await makeTestServer();
    await new Promise<void>((resolve) => {
      http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as Server;
    });
    const address = http.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    expect(address.port).toBeGreaterThan(0);
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
    server.close();
  });

  const call = async (method: string, path: string, options: Parameters<TestServer['request']>[2] = {}) =>
    sendRequest((path, init) => fetch(`${base}${path}`, init), method, path, options);

  it('serves health, register, login, a write and a read through HTTP', async () => {
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ ok: true });
    expect(health.headers.get('content-type')).toMatch(/application\/json/);

    const credentials = newCredentials('socket');
    expect((await call('POST', '/api/user/register', { body: credentials })).status).toBe(201);
    const loggedIn = await call('POST', '/api/user/login', { body: { email: credentials.email, password: credentials.password } });
    expect(loggedIn.status).toBe(200);
    const token = loggedIn.json.token as string;

    expect((await call('GET', '/api/categories')).status).toBe(401);
    const created = await call('POST', '/api/categories', { token, body: { name: 'Over the wire' } });
    expect(created.status).toBe(201);
    expect(created.json.category.name).toBe('Over the wire');
    const listed = await call('GET', '/api/categories', { headers: { Authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    expect(listed.json.categories.map((c: { name: string }) => c.name)).toEqual(['Over the wire']);
    expect(await countRows(server.db, 'categories')).toBe(1);

    expect((await call('POST', '/api/user/logout', { token })).status).toBe(200);
    expect((await call('GET', '/api/categories', { token })).status).toBe(401);
  });

  it('throttles by account over a real socket as well', async () => {
    const user = await createUserWithRole(server.db, { role: 'Staff' });
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/api/user/login', { body: { email: user.email, password: 'wrong' } })).status).toBe(401);
    }
    expect((await call('POST', '/api/user/login', { body: { email: user.email, password: user.password } })).status).toBe(429);
  });
  // Last in this block: the server answers before reading the body, and @hono/node-server then
  // drains or drops that keep-alive connection, which a following request could reuse.
  it('refuses a body over 1 MB with 413 (Content-Length path) and writes nothing', async () => {
    const credentials = newCredentials('socket-big');
    await createUserWithRole(server.db, { role: 'Admin', ...credentials });
    const token = (await call('POST', '/api/user/login', { body: { email: credentials.email, password: credentials.password } })).json.token as string;
    const before = await countRows(server.db, 'categories');
    const response = await call('POST', '/api/categories', { token, body: { name: 'Big', description: 'x'.repeat(1024 * 1024 + 10) } });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ success: false, message: 'The request is too large (limit 1 MB).' });
    expect(await countRows(server.db, 'categories')).toBe(before);
  });
});
