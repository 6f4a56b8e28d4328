import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { Agent, get } from 'node:http';
import Database from 'better-sqlite3';
import { appliedMutations } from '../src/db/schema';
import { readConfig } from '../src/config';
import { maxConnections } from '../src/http/connection-limits';
import { streamLimits } from '../src/sync/poke-stream';
import { appliedMutationsKeptDays } from '../src/sync/prune-applied-mutations';
import { makeTestServer, type SeededUser, type TestServer } from './helpers';

// Issue 24, points 3 and 16, as `npm start` runs them: the limits the other tests set on an app in
// process must be the ones server/src/main.ts applies. The real server, on a file made here, with its
// limits lowered through the environment so a test can reach them.

const dayMs = 24 * 3600_000;
let seeded: TestServer;
let users: SeededUser[];
let child: ChildProcessWithoutNullStreams;
let port: number;
const sockets: Socket[] = [];
const aborts: AbortController[] = [];

beforeAll(async () => {
  seeded = await makeTestServer({ tokenTtlHours: 1 });
  users = [await seeded.userWithRole('Staff'), await seeded.userWithRole('Staff'), await seeded.userWithRole('Manager')];
  const logged = async (id: string, ageDays: number) =>
    seeded.db
      .insert(appliedMutations)
      .values({
        id,
        name: 'createCategory',
        userId: users[0]!.id,
        status: 'applied',
        httpStatus: 200,
        result: null,
        version: null,
        createdAt: new Date(Date.now() - ageDays * dayMs).toISOString(),
      })
      .run();
  await logged('old-entry', appliedMutationsKeptDays + 5);
  await logged('recent-entry', 1);
  seeded.db.$client.close();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DB_FILE: seeded.file, PORT: '0', HOST: '127.0.0.1', POKE_STREAMS_TOTAL: '2', MAX_CONNECTIONS: '5' },
  });
  let output = '';
  port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /:(\d+) \(database/.exec(output)?.[1];
      if (found) resolve(Number(found));
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
}, 120_000);

afterAll(async () => {
  for (const abort of aborts.splice(0)) abort.abort();
  for (const socket of sockets.splice(0)) socket.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  seeded.close();
});

function rawSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.resume();
    socket.once('error', reject);
    sockets.push(socket);
  });
}
const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('the real server', () => {
  it('forgets the exactly-once log older than the days devices resend, at its start', async () => {
    const db = new Database(seeded.file, { readonly: true });
    try {
      const ids = ((await db.prepare('SELECT id FROM applied_mutations ORDER BY id').all()) as { id: string }[]).map((row) => row.id);
      expect(ids).toEqual(['recent-entry']);
    } finally {
      db.close();
    }
  });

  it('holds at most MAX_CONNECTIONS sockets (800 unless set): one more is closed at once', async () => {
    expect(readConfig({}).MAX_CONNECTIONS).toBe(maxConnections);
    expect(maxConnections).toBe(800);
    const held = await Promise.all(Array.from({ length: 5 }, rawSocket));
    const extra = await rawSocket();
    const started = Date.now();
    await closed(extra);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const socket of held) socket.destroy();
    await Promise.all(held.map(closed));
  });

  it('keeps an idle keep-alive socket 65 s and says so (issue 42, point 11)', async () => {
    // A keep-alive request (the server names no timeout to one that asks to close), its socket dropped
    // after, so it holds none of the MAX_CONNECTIONS the next test counts on.
    // The sockets the test before held may still count on the server a moment after this end closed
    // them (seen on a loaded CI machine: ECONNRESET), so wait until a new socket is taken.
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } }).catch(() => null))?.status, { timeout: 5000 })
      .toBe(200);
    const agent = new Agent({ keepAlive: true });
    try {
      const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
          response.resume();
          resolve(response.headers['keep-alive']);
        }).on('error', reject);
      });
      expect(keepAlive).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });

  it('holds at most POKE_STREAMS_TOTAL streams over all users (300 unless set): one more is a 503', async () => {
    expect(readConfig({}).POKE_STREAMS_TOTAL).toBe(300);
    expect(streamLimits.total).toBe(300);
    const open = async (token: string) => {
      const abort = new AbortController();
      aborts.push(abort);
      // Each stream on a connection of its own, so none waits behind another in the client's pool.
      return fetch(`http://127.0.0.1:${port}/api/sync/events`, { headers: { token, connection: 'close' }, signal: abort.signal });
    };
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } })).status, { timeout: 5000 }).toBe(200);
    expect((await open(users[0]!.token)).status).toBe(200);
    expect((await open(users[1]!.token)).status).toBe(200);
    const refused = await open(users[2]!.token);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { success: boolean; message: string }).message).toBe('The server is holding as many live update streams as it can. Try again later.');
  });
});
