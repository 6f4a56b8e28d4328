// Issue 24 point 18: on a fresh server the first account (the Admin) is made only from the shop PC
// itself (a loopback address) or with the setup code the server printed at start.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app';
import { firstAccountMessage, isLoopback } from '../src/auth/first-account';
import { countRows, makeTempDir, makeTestServer, newCredentials, type TestServer } from './helpers';

let server: TestServer;
let app: ReturnType<typeof createApp>;
const setupCode = 'K7QX-M2PD';

beforeEach(async () => {
  server = await makeTestServer();
  app = createApp({ ...server.deps, setupCode });
});
afterEach(() => server.close());

/** A registration as it arrives over the network from `address`. */
async function registerFrom(address: string, body: object) {
  const family = address.includes(':') ? 'IPv6' : 'IPv4';
  const env = { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: family } } };
  const response = await app.request('/api/user/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, env);
  return { status: response.status, json: (await response.json()) as { success: boolean; message: string } };
}
const role = async () => server.db.$client.prepare('SELECT role, status FROM users').all();

describe('the first registration', () => {
  it.each(['192.168.1.20', '10.0.0.5', 'fe80::1', '::ffff:192.168.1.20'])(
    'from %s without the setup code is refused, and makes no account',
    async (address) => {
      const { status, json } = await registerFrom(address, newCredentials());
      expect(status).toBe(403);
      expect(json).toEqual({ success: false, message: firstAccountMessage });
      expect(await countRows(server.db, 'users')).toBe(0);
    },
    60_000,
  );

  it('from another device with a wrong code is refused', async () => {
    expect((await registerFrom('192.168.1.20', { ...newCredentials(), setupCode: 'AAAA-BBBB' })).status).toBe(403);
    expect(await countRows(server.db, 'users')).toBe(0);
  }, 60_000);

  it('from another device with the setup code (however typed) makes the Admin', async () => {
    const { status } = await registerFrom('192.168.1.20', { ...newCredentials(), setupCode: ' k7qx m2pd ' });
    expect(status).toBe(201);
    expect(await role()).toEqual([{ role: 'Admin', status: 1 }]);
  }, 60_000);

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'from the shop PC itself (%s) makes the Admin',
    async (address) => {
      expect((await registerFrom(address, newCredentials())).status).toBe(201);
      expect(await role()).toEqual([{ role: 'Admin', status: 1 }]);
    },
    60_000,
  );

  it('is refused from another device when this start has no setup code at all', async () => {
    app = createApp({ ...server.deps, setupCode: null });
    expect((await registerFrom('192.168.1.20', { ...newCredentials(), setupCode: '' })).status).toBe(403);
  }, 60_000);
});

describe('later registrations', () => {
  it('come from anywhere, as inactive Staff, as before', async () => {
    expect((await registerFrom('127.0.0.1', newCredentials())).status).toBe(201);
    expect((await registerFrom('192.168.1.20', newCredentials())).status).toBe(201);
    expect(await role()).toEqual([
      { role: 'Admin', status: 1 },
      { role: 'Staff', status: 0 },
    ]);
  }, 60_000);
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.1', false],
    ['1127.0.0.1', false],
    ['fe80::1', false],
  ])('%s → %s', (address, expected) => expect(isLoopback(address)).toBe(expected));
});

describe('the real server', () => {
  // A non-loopback address of this machine: a connection to it arrives from that address, not loopback.
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

  it('prints a setup code and links at its own addresses at its first start, which lets another device make the Admin', async () => {
    const dir = makeTempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: { ...process.env, DB_FILE: join(dir, 'garage.sqlite'), PORT: '0', HOST: '0.0.0.0' } });
    try {
      let output = '';
      const printed = await new Promise<{ port: number; code: string }>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          output += chunk;
          const port = /:(\d+) \(database/.exec(output)?.[1];
          const code = /setup code ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(output)?.[1];
          if (port && code) resolve({ port: Number(port), code });
        });
        child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
      });
      if (!lan) return; // no network interface here: the in-process cases above stand
      // The link printed is this PC's own address (issue 47), not a placeholder.
      expect(output).toContain(`http://${lan}:${printed.port}/?setup=${printed.code}`);
      const register = (body: object) =>
        fetch(`http://${lan}:${printed.port}/api/user/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect((await register(newCredentials())).status).toBe(403);
      expect((await register({ ...newCredentials(), setupCode: printed.code })).status).toBe(201);
    } finally {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
