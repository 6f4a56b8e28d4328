// Issue 47: an Admin who forgot the password gets back in with `npm run reset-password -- <email>` on
// the shop PC, which ends the account's sessions and leaves a line in the server's log. The real
// command against real SQLite files, with the real server running on one of them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDb, type Db } from '../src/db/connection';
import { users } from '../src/db/schema';
import { hashPassword, verifyPassword } from '../src/auth/passwords';
import { issueToken, userForToken } from '../src/auth/tokens';
import { LoginThrottle } from '../src/auth/login-throttle';
import { takePasswordResets, watchPasswordResets } from '../src/auth/password-reset';
import { makeTempDir } from './helpers';

let dir: string;
let file: string;
const email = 'owner@garage.test';

beforeEach(() => {
  dir = makeTempDir();
  file = join(dir, 'garage.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database with its Admin, who has a session; closed again, as a stopped server leaves it. */
async function shopWithAdmin(): Promise<{ token: string }> {
  const db = await openDb(file);
  const now = new Date().toISOString();
  await db
    .insert(users)
    .values({
      id: 'admin-1',
      name: 'Nimal Perera',
      email,
      username: 'owner',
      role: 'Admin',
      status: true,
      passwordHash: await hashPassword('forgotten-1'),
      createdAt: now,
      updatedAt: now,
    })
    .run();
  const token = await issueToken(db, 'admin-1', 24);
  db.$client.close();
  return { token };
}

async function withDb<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(file);
  try {
    return await read(db);
  } finally {
    db.$client.close();
  }
}
const storedHash = async () => withDb(async (db) => (await db.$client.prepare('SELECT passwordHash FROM users WHERE id = ?').pluck().get('admin-1')) as string);

const run = (args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reset-password.ts', ...args], { env: { ...process.env, DB_FILE: file } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });

describe('npm run reset-password', () => {
  it('sets a new password it prints, ends the sessions, and leaves a notice for the server', async () => {
    const { token } = await shopWithAdmin();
    const { code, output } = await run([' Owner@Garage.test ']);
    expect(code, output).toBe(0);
    const printed = /New password for Nimal Perera <owner@garage\.test>: (\S+)/.exec(output)?.[1];
    expect(printed, output).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await verifyPassword(printed!, await storedHash())).toBe(true);
    expect(await verifyPassword('forgotten-1', await storedHash())).toBe(false);
    expect(await withDb(async (db) => userForToken(db, token))).toBeNull();
    expect(await withDb(async (db) => takePasswordResets(db))).toEqual([expect.objectContaining({ userId: 'admin-1', email, name: 'Nimal Perera' })]);
  }, 60_000);

  it('takes the password given, held to the rule for new passwords', async () => {
    await shopWithAdmin();
    const short = await run([email, 'short']);
    expect(short.code).toBe(1);
    expect(short.output).toContain('Password must be at least 8 characters.');
    expect(await verifyPassword('forgotten-1', await storedHash())).toBe(true);
    const done = await run([email, 'a-new-secret']);
    expect(done.code, done.output).toBe(0);
    expect(done.output).not.toContain('a-new-secret');
    expect(await verifyPassword('a-new-secret', await storedHash())).toBe(true);
  }, 60_000);

  it('refuses an unknown email, or a database that is not there, changing nothing', async () => {
    await shopWithAdmin();
    const unknown = await run(['someone@garage.test']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the email someone@garage.test');
    expect(await verifyPassword('forgotten-1', await storedHash())).toBe(true);
    rmSync(dir, { recursive: true, force: true });
    const missing = await run([email]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`No database at ${file}`);
    expect(existsSync(file)).toBe(false);
    const usage = await run([]);
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: npm run reset-password -- <email> [new password]');
  }, 60_000);

  it('works while the real server runs: the server logs it and lets the Admin in at once, even after failed tries', async () => {
    await shopWithAdmin();
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: { ...process.env, DB_FILE: file, PORT: '0', HOST: '127.0.0.1' } });
    try {
      const port = Number(/:(\d+) \(database/.exec(await serverOutput(server, /:\d+ \(database/))![1]);
      const login = (password: string) =>
        fetch(`http://127.0.0.1:${port}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      for (let i = 0; i < 5; i += 1) expect((await login('wrong-guess')).status).toBe(401);
      expect((await login('forgotten-1')).status).toBe(429);
      const { code, output } = await run([email, 'back-in-again']);
      expect(code, output).toBe(0);
      expect(await serverOutput(server, /Password of Nimal Perera <owner@garage\.test> reset/)).toMatch(/reset on this PC \(npm run reset-password\) at \d{4}-/);
      expect((await login('back-in-again')).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});

describe('the server watching for resets', () => {
  it('logs each reset once and forgets the failed logins of that account', async () => {
    await shopWithAdmin();
    const db = await openDb(file);
    const throttle = new LoginThrottle();
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(email, '127.0.0.1');
    expect(throttle.waitFor(email, '127.0.0.1')).toBeGreaterThan(0);
    const lines: string[] = [];
    const stop = await watchPasswordResets(db, { throttle, log: (line) => lines.push(line), everyMs: 60_000 });
    expect(lines).toEqual([]);
    stop();
    await run([email, 'back-in-again']);
    const again = await watchPasswordResets(db, { throttle, log: (line) => lines.push(line), everyMs: 60_000 });
    again();
    expect(lines).toEqual([expect.stringMatching(/^Password of Nimal Perera <owner@garage\.test> reset on this PC/)]);
    expect(throttle.waitFor(email, '127.0.0.1')).toBe(0);
    expect(await takePasswordResets(db)).toEqual([]);
    db.$client.close();
  }, 60_000);
});

/** The server's output once it matches `pattern` (waiting for it). */
function serverOutput(server: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not print ${pattern}: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (pattern.test(output)) {
        clearTimeout(timer);
        server.stdout.off('data', onData);
        resolve(output);
      }
    };
    server.stdout.on('data', onData);
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
}
