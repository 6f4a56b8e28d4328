import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { openDb, type Db } from '../src/db/connection';
import { currentVersion, nonceOf, serverId } from '../src/sync/versions';
import { countRows, makeTempDir, makeTestServer, registerAndLogin, sendRequest, type TestServer } from './helpers';
import type { PullResponse } from '@shared/sync/messages';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function schemaOf(db: Db): Promise<string[]> {
  return ((await db.$client.prepare(`SELECT type || ' ' || name || ' ' || IFNULL(sql, '') AS s FROM sqlite_master ORDER BY name`).all()) as { s: string }[]).map((row) => row.s);
}
const migrationCount = async (db: Db) => countRows(db, '__drizzle_migrations');

describe('the SQLite file', () => {
  it('creates the folder and the file, and runs in WAL mode with foreign keys on', async () => {
    const dir = makeTempDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'nested', 'deeper', 'garage.sqlite');
    const db = await openDb(file);
    cleanups.push(() => void (db.$client.open && db.$client.close()));
    expect(existsSync(file)).toBe(true);
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(2); // FULL: an acknowledged commit survives power loss
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(await migrationCount(db)).toBeGreaterThan(0);
    // Every table exists (countRows would throw otherwise); only the seeded rows are there.
    for (const table of ['categories', 'customers', 'items', 'services', 'company', 'users', 'tokens', 'applied_mutations']) {
      expect(await countRows(db, table)).toBe(0);
    }
    expect(await countRows(db, 'counters')).toBe(1);
    // The server's id and the secret each user's signing key is derived from (server/src/sync/signing-keys.ts).
    expect(await countRows(db, 'meta')).toBe(2);
    expect(await currentVersion(db)).toBe(0);
  });

  it('keeps data across close and reopen; migrations and seeding are idempotent', async () => {
    const server = await makeTestServer();
    cleanups.push(() => server.close());
    const { token, credentials } = await registerAndLogin(server);
    const created: string[] = [];
    for (const name of ['Brakes', 'Engine', 'Tyres']) {
      const response = await server.request('POST', '/api/categories', { token, body: { name }, headers: { 'Idempotency-Key': `persist-${name}` } });
      expect(response.status).toBe(201);
      created.push(response.json.category._id as string);
    }
    await server.request('DELETE', `/api/categories/${created[1]}`, { token });

    const before = {
      schema: await schemaOf(server.db),
      migrations: await migrationCount(server.db),
      serverId: await serverId(server.db),
      version: await currentVersion(server.db),
      categories: await server.db.$client.prepare('SELECT * FROM categories ORDER BY id').all(),
      users: await countRows(server.db, 'users'),
      applied: await countRows(server.db, 'applied_mutations'),
    };
    expect(before.version).toBe(4);
    server.db.$client.close();

    // Reopen the same file twice over: nothing is re-applied or re-seeded.
    for (let round = 0; round < 2; round++) {
      const db = await openDb(server.file);
      expect(await schemaOf(db)).toEqual(before.schema);
      expect(await migrationCount(db)).toBe(before.migrations);
      expect(await serverId(db)).toBe(before.serverId);
      expect(await currentVersion(db)).toBe(before.version);
      expect(await db.$client.prepare('SELECT * FROM categories ORDER BY id').all()).toEqual(before.categories);
      expect(await countRows(db, 'users')).toBe(before.users);
      expect(await countRows(db, 'applied_mutations')).toBe(before.applied);
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
      db.$client.close();
    }

    // A server on the reopened file: the old token, the login, the idempotency record and the
    // version counter all survived.
    const again = await makeTestServer({ dir: server.dir });
    cleanups.push(() => again.close());
    const listed = await again.request('GET', '/api/categories', { token });
    expect(listed.status).toBe(200);
    expect(listed.json.categories.map((c: { name: string }) => c.name)).toEqual(['Brakes', 'Tyres']);
    expect((await again.request('POST', '/api/user/login', { body: { email: credentials.email, password: credentials.password } })).status).toBe(200);

    const replay = await again.request('POST', '/api/categories', { token, body: { name: 'Brakes' }, headers: { 'Idempotency-Key': 'persist-Brakes' } });
    expect(replay.status).toBe(201);
    expect(replay.json.category._id).toBe(created[0]);
    expect(await countRows(again.db, 'categories')).toBe(3);

    const fresh = await again.request('POST', '/api/categories', { token, body: { name: 'After restart' } });
    expect(fresh.status).toBe(201);
    expect(await currentVersion(again.db)).toBe(before.version + 1);

    // A device's cursor from before the restart is still good: it gets only the new row.
    const cursor = `${before.serverId}:${before.version}:${await nonceOf(again.db, before.version)}`;
    const pulled = (await again.request('GET', `/api/sync/pull?since=${cursor}`, { token })).json as PullResponse;
    expect(pulled.reset).toBe(false);
    expect(pulled.changes.map((c) => c.row.name)).toEqual(['After restart']);
  });

  it('gives a different file a different server id, so cursors do not cross databases', async () => {
    const a = await makeTestServer();
    const b = await makeTestServer();
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    expect(await serverId(a.db)).not.toBe(await serverId(b.db));
  });

  it('survives a real server restart on the same file (HTTP over loopback)', async () => {
    const dir = makeTempDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

    async function start(): Promise<{ server: TestServer; http: Server; base: string; stop: () => Promise<void> }> {
      const server = await makeTestServer({ dir });
      const http = await new Promise<Server>((resolve) => {
        const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
      });
      const { port } = http.address() as AddressInfo;
      const stop = async () => {
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
        server.db.$client.close();
      };
      return { server, http, base: `http://127.0.0.1:${port}`, stop };
    }

    const first = await start();
    const call1 = async (method: string, path: string, options = {}) => sendRequest((p, init) => fetch(`${first.base}${p}`, init), method, path, options);
    const { token } = await registerAndLogin({ request: call1 });
    const created = await call1('POST', '/api/categories', { token, body: { name: 'Before restart' } });
    expect(created.status).toBe(201);
    await first.stop();

    const second = await start();
    cleanups.push(async () => second.stop());
    const call2 = async (method: string, path: string, options = {}) => sendRequest((p, init) => fetch(`${second.base}${p}`, init), method, path, options);
    const listed = await call2('GET', '/api/categories', { token });
    expect(listed.status).toBe(200);
    expect(listed.json.categories).toEqual([expect.objectContaining({ _id: created.json.category._id, name: 'Before restart' })]);
    expect(await countRows(second.server.db, 'categories')).toBe(1);
  });
});
