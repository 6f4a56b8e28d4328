import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords';
import { issueToken } from '../src/auth/tokens';
import { appliedMutations, users } from '../src/db/schema';
import type { Role } from '@shared/domain/permissions';
import { staffMessages } from '@shared/schemas/staff';
import { makeTestServer, type TestServer } from './helpers';

// A real temporary SQLite file and the real app, called through app.request() (no port): see helpers.ts.
let server: TestServer;
let adminId: string;
let adminToken: string;
let knownHash: string;

/** An account straight in the database with a session token; its password is 'secret-123'. */
const userWithRole = async (role: Role) => server.userWithRole(role, { passwordHash: knownHash });

const login = async (email: string, password: string) => server.call('POST', '/api/user/login', null, { email, password });
const newStaff = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  name: 'Nimal Perera',
  email: `nimal-${randomUUID().slice(0, 8)}@garage.lk`,
  phoneNo: '0771234567',
  password: 'start-123',
  ...overrides,
});

async function createStaff(overrides: Record<string, unknown> = {}) {
  const { status, json } = await server.call('POST', '/api/user/save-user', adminToken, newStaff(overrides));
  expect(status, JSON.stringify(json)).toBe(201);
  return json.user as { _id: string; email: string; role: Role; status: boolean };
}

beforeAll(async () => {
  server = await makeTestServer();
  knownHash = await hashPassword('secret-123');
  ({ id: adminId, token: adminToken } = await userWithRole('Admin'));
});

afterAll(() => server.close());

describe('who may manage staff', () => {
  it.each(['Manager', 'Staff'] as const)('refuses %s on every staff route with 403', async (role) => {
    const { token } = await userWithRole(role);
    const target = await createStaff();
    const attempts = [
      await server.call('GET', '/api/user', token),
      await server.call('POST', '/api/user/save-user', token, newStaff()),
      await server.call('POST', '/api/user/update-user', token, { id: target._id, name: 'X', email: target.email, status: true }),
      await server.call('POST', '/api/user/delete-user', token, { id: target._id }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.json).toEqual({ success: false, message: `Your role (${role}) may not do this.` });
    }
    const stored = (await server.db.select().from(users).where(eq(users.id, target._id)).get())!;
    expect(stored.status).toBe(false);
  });

  it('refuses a call without a token with 401', async () => {
    expect((await server.call('GET', '/api/user', null)).status).toBe(401);
  });

  it('still lets anyone log out (the staff routes share /api/user)', async () => {
    const { token } = await userWithRole('Staff');
    const { status, json } = await server.call('POST', '/api/user/logout', token);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
  });
});

describe('GET /api/user', () => {
  it('lists staff in the API shape and never a password hash', async () => {
    await createStaff({ name: 'Aruni Silva' });
    const { status, json, text } = await server.callWithText('GET', '/api/user', adminToken);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.users.length).toBeGreaterThan(1);
    for (const user of json.users) {
      expect(Object.keys(user).sort()).toEqual(['_id', 'createdAt', 'email', 'id', 'name', 'phoneNo', 'role', 'status', 'updatedAt', 'username']);
    }
    expect(text).not.toMatch(/scrypt|passwordHash|password/i);
  });
});

describe('POST /api/user/save-user', () => {
  it('creates an inactive Staff member by default, with a username from the email', async () => {
    const email = `kamal-${randomUUID().slice(0, 6)}@garage.lk`;
    const { status, json, text } = await server.callWithText('POST', '/api/user/save-user', adminToken, newStaff({ name: ' Kamal ', email: email.toUpperCase() }));
    expect(status).toBe(201);
    expect(json).toMatchObject({ success: true, message: 'Staff member updated successfully!' });
    expect(json.user).toMatchObject({ name: 'Kamal', email, phoneNo: '0771234567', username: email.split('@')[0], role: 'Staff', status: false });
    expect(text).not.toMatch(/scrypt|password/i);
    const stored = (await server.db.select().from(users).where(eq(users.id, json.user._id)).get())!;
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain('start-123');
  });

  it('creates with the given role and status, and an active account can log in', async () => {
    const user = await createStaff({ role: 'Manager', status: true, password: 'manager-pass' });
    expect(user).toMatchObject({ role: 'Manager', status: true });
    const { status, json } = await login(user.email, 'manager-pass');
    expect(status).toBe(200);
    expect(json.user.role).toBe('Manager');
  });

  it.each([
    [{ name: '' }, staffMessages.required],
    [{ name: '   ' }, staffMessages.required],
    [{ email: '' }, staffMessages.required],
    [{ email: undefined }, staffMessages.required],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ password: '' }, 'Password is required.'],
    [{ password: undefined }, 'Password is required.'],
    [{ password: '12345' }, 'Password must be at least 8 characters.'],
    [{ role: 'Owner' }, 'Role must be Admin, Manager or Staff.'],
  ])('refuses %j with 400 and changes nothing', async (overrides, message) => {
    const before = (await server.db.select().from(users).all()).length;
    const { status, json } = await server.call('POST', '/api/user/save-user', adminToken, newStaff(overrides));
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message });
    expect((await server.db.select().from(users).all()).length).toBe(before);
  });

  it('refuses a duplicate email (any case) with 409', async () => {
    const first = await createStaff();
    const { status, json } = await server.call('POST', '/api/user/save-user', adminToken, newStaff({ email: first.email.toUpperCase() }));
    expect(status).toBe(409);
    expect(json).toEqual({ success: false, message: 'An account with this email already exists.' });
  });

  it('applies a replayed request with the same Idempotency-Key once', async () => {
    const body = newStaff({ name: 'Replay Person' });
    const headers = { 'Idempotency-Key': `save-${randomUUID()}` };
    const first = await server.call('POST', '/api/user/save-user', adminToken, body, headers);
    const second = await server.call('POST', '/api/user/save-user', adminToken, body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.user).toEqual(first.json.user);
    expect(await server.db.select().from(users).where(eq(users.email, body.email)).all()).toHaveLength(1);
    // What is kept to answer a replay holds no password and no hash.
    const recorded = (await server.db.select().from(appliedMutations).where(eq(appliedMutations.id, headers['Idempotency-Key'])).get())!;
    expect(JSON.stringify(recorded)).not.toMatch(/scrypt|start-123|password/i);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { status } = await server.call('POST', '/api/user/save-user', adminToken, newStaff(), { 'Idempotency-Key': 'short' });
    expect(status).toBe(400);
  });
});

describe('POST /api/user/update-user', () => {
  it('activates an account, after which it can log in', async () => {
    const user = await createStaff({ password: 'waiting-1' });
    expect((await login(user.email, 'waiting-1')).status).toBe(403);
    const { status, json } = await server.call('POST', '/api/user/update-user', adminToken, { id: user._id, name: 'Nimal P.', email: user.email, status: true });
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, message: 'Staff member updated successfully!' });
    expect(json.user).toMatchObject({ name: 'Nimal P.', status: true, role: 'Staff', phoneNo: '0771234567' });
    expect((await login(user.email, 'waiting-1')).status).toBe(200);
  });

  it('keeps the password when none (or a blank one) is given', async () => {
    const user = await createStaff({ status: true, password: 'keep-me-1' });
    const before = (await server.db.select().from(users).where(eq(users.id, user._id)).get())!.passwordHash;
    await server.call('POST', '/api/user/update-user', adminToken, { id: user._id, name: 'Same', email: user.email, password: '' });
    expect((await server.db.select().from(users).where(eq(users.id, user._id)).get())!.passwordHash).toBe(before);
    expect((await login(user.email, 'keep-me-1')).status).toBe(200);
  });

  it('sets a new password (Forgot password?): the new one logs in, the old one and old sessions stop', async () => {
    const user = await createStaff({ status: true, password: 'old-pass-1' });
    const oldSession = (await login(user.email, 'old-pass-1')).json.token as string;
    expect((await server.call('GET', '/api/categories', oldSession)).status).toBe(200);

    const { status, text } = await server.callWithText('POST', '/api/user/update-user', adminToken, { id: user._id, name: 'Reset', email: user.email, password: 'new-pass-2' });
    expect(status).toBe(200);
    expect(text).not.toMatch(/scrypt|new-pass-2/);
    expect((await login(user.email, 'old-pass-1')).status).toBe(401);
    expect((await login(user.email, 'new-pass-2')).status).toBe(200);
    expect((await server.call('GET', '/api/categories', oldSession)).status).toBe(401);
  });

  it('refuses a new password that breaks the rules', async () => {
    const user = await createStaff();
    const { status, json } = await server.call('POST', '/api/user/update-user', adminToken, { id: user._id, name: 'X', email: user.email, password: 'abc' });
    expect(status).toBe(400);
    expect(json.message).toBe('Password must be at least 8 characters.');
  });

  it('deactivating an account revokes its sessions', async () => {
    const user = await createStaff({ status: true, password: 'active-1' });
    const session = (await login(user.email, 'active-1')).json.token as string;
    expect((await server.call('GET', '/api/categories', session)).status).toBe(200);
    await server.call('POST', '/api/user/update-user', adminToken, { id: user._id, name: 'Off', email: user.email, status: false });
    // Reactivating does not bring the old session back.
    await server.call('POST', '/api/user/update-user', adminToken, { id: user._id, name: 'On', email: user.email, status: true });
    expect((await server.call('GET', '/api/categories', session)).status).toBe(401);
  });

  it('refuses name or email missing, a duplicate email and an unknown id', async () => {
    const a = await createStaff();
    const b = await createStaff();
    expect((await server.call('POST', '/api/user/update-user', adminToken, { id: a._id, name: '', email: a.email })).json.message).toBe(staffMessages.required);
    expect((await server.call('POST', '/api/user/update-user', adminToken, { id: a._id, name: 'A' })).json.message).toBe(staffMessages.required);
    const duplicate = await server.call('POST', '/api/user/update-user', adminToken, { id: a._id, name: 'A', email: b.email });
    expect(duplicate.status).toBe(409);
    const missing = await server.call('POST', '/api/user/update-user', adminToken, { id: randomUUID(), name: 'A', email: 'nobody@garage.lk' });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Staff member not found. It may have been deleted.');
  });

  it('refuses to let an Admin deactivate themselves', async () => {
    const me = (await server.db.select().from(users).where(eq(users.id, adminId)).get())!;
    const { status, json } = await server.call('POST', '/api/user/update-user', adminToken, { id: adminId, name: me.name, email: me.email, status: false });
    expect(status).toBe(400);
    expect(json.message).toBe('You cannot deactivate your own account.');
    expect((await server.db.select().from(users).where(eq(users.id, adminId)).get())!.status).toBe(true);
  });

  it('refuses to demote the last active Admin, and allows it once another active Admin exists', async () => {
    // Every other active Admin made by earlier tests is switched off first.
    const me = (await server.db.select().from(users).where(eq(users.id, adminId)).get())!;
    await server.db.update(users).set({ status: false }).where(eq(users.role, 'Admin')).run();
    await server.db.update(users).set({ status: true }).where(eq(users.id, adminId)).run();

    const demote = await server.call('POST', '/api/user/update-user', adminToken, { id: adminId, name: me.name, email: me.email, role: 'Manager' });
    expect(demote.status).toBe(400);
    expect(demote.json.message).toBe(staffMessages.lastAdmin);
    expect((await server.db.select().from(users).where(eq(users.id, adminId)).get())!.role).toBe('Admin');

    const second = await createStaff({ role: 'Admin', status: true, password: 'second-admin' });
    const secondToken = (await login(second.email, 'second-admin')).json.token as string;
    const demoteSecond = await server.call('POST', '/api/user/update-user', adminToken, { id: second._id, name: 'Second', email: second.email, role: 'Staff' });
    expect(demoteSecond.status).toBe(200);
    // The demoted account's role changes at once for its open session.
    expect((await server.call('GET', '/api/user', secondToken)).status).toBe(403);
  });

  it('lets an Admin change their own password and stay logged in; other sessions end', async () => {
    const self = await userWithRole('Admin');
    const otherSession = await issueToken(server.db, self.id, 1);
    const { status } = await server.call('POST', '/api/user/update-user', self.token, { id: self.id, name: 'Self', email: self.email, password: 'my-new-pass' });
    expect(status).toBe(200);
    expect((await server.call('GET', '/api/user', self.token)).status).toBe(200);
    expect((await server.call('GET', '/api/user', otherSession)).status).toBe(401);
    expect((await login(self.email, 'my-new-pass')).status).toBe(200);
  });
});

describe('POST /api/user/delete-user', () => {
  it('deletes an account and ends its sessions', async () => {
    const user = await createStaff({ status: true, password: 'bye-bye-1' });
    const session = (await login(user.email, 'bye-bye-1')).json.token as string;
    const { status, json } = await server.call('POST', '/api/user/delete-user', adminToken, { id: user._id });
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, message: 'Staff member deleted successfully!' });
    expect(await server.db.select().from(users).where(eq(users.id, user._id)).get()).toBeUndefined();
    expect((await server.call('GET', '/api/categories', session)).status).toBe(401);
    expect((await login(user.email, 'bye-bye-1')).status).toBe(401);
  });

  it('refuses to let an Admin delete themselves', async () => {
    const { status, json } = await server.call('POST', '/api/user/delete-user', adminToken, { id: adminId });
    expect(status).toBe(400);
    expect(json.message).toBe('You cannot delete your own account.');
    expect(await server.db.select().from(users).where(eq(users.id, adminId)).get()).toBeDefined();
  });

  it('answers 404 for an unknown id and 400 for a missing one', async () => {
    expect((await server.call('POST', '/api/user/delete-user', adminToken, { id: randomUUID() })).status).toBe(404);
    expect((await server.call('POST', '/api/user/delete-user', adminToken, {})).status).toBe(400);
  });

  it('a replayed delete with the same Idempotency-Key answers the same and deletes once', async () => {
    const user = await createStaff();
    const headers = { 'Idempotency-Key': `delete-${randomUUID()}` };
    const first = await server.call('POST', '/api/user/delete-user', adminToken, { id: user._id }, headers);
    const second = await server.call('POST', '/api/user/delete-user', adminToken, { id: user._id }, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
  });
});
