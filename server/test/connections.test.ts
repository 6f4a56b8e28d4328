import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { makeTestServer, type TestServer } from './helpers';
import { users } from '../src/db/schema';
import { keepAliveMs, streamLimits } from '../src/sync/poke-stream';
import { connectionOptions, limitConnections } from '../src/http/connection-limits';

// Issue 24, point 3: one token opened 3,000 poke streams; slow request heads and idle sockets used up
// the open files; a deactivated user's stream kept receiving pokes.

let server: TestServer;
let http: Server;
let base: string;
let port: number;
const sockets: Socket[] = [];
const aborts: AbortController[] = [];

beforeEach(async () => {
  server = await makeTestServer();
  http = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0, serverOptions: connectionOptions }, () => resolve(s as Server)) as Server;
  });
  port = (http.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterEach(async () => {
  for (const a of aborts.splice(0)) a.abort();
  for (const s of sockets.splice(0)) s.destroy();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  server.close();
});

async function openStream(token: string): Promise<Response> {
  const abort = new AbortController();
  aborts.push(abort);
  return fetch(`${base}/api/sync/events`, { headers: { token }, signal: abort.signal });
}

/** A raw socket to the server; resolves on connect. */
function rawSocket(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.resume(); // read what the server sends, so its closing is seen
    socket.once('error', reject);
    sockets.push(socket);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('poke streams', () => {
  it(`a user holds at most ${streamLimits.perUser} streams; another user is not held by them`, async () => {
    const staff = await server.userWithRole('Staff');
    // Held in `open`: a response nobody refers to may be collected, and undici then closes its stream.
    const open: Response[] = [];
    for (let i = 0; i < streamLimits.perUser; i++) open.push(await openStream(staff.token));
    expect(open.map((response) => response.status)).toEqual(Array(streamLimits.perUser).fill(200));
    const refused = await openStream(staff.token);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { success: boolean }).success).toBe(false);
    expect((await openStream((await server.userWithRole('Staff')).token)).status).toBe(200);
    // Referred to until here, so none of the five is collected (and closed) before the checks above.
    for (const response of open) await response.body?.cancel();
  });

  it('closes the stream of a user deactivated meanwhile within a keep-alive period', { timeout: 60_000 }, async () => {
    const staff = await server.userWithRole('Staff');
    const response = await openStream(staff.token);
    const reader = response.body!.getReader();
    await reader.read(); // the first poke
    await server.db.update(users).set({ status: false }).where(eq(users.id, staff.id)).run();
    const started = Date.now();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(Date.now() - started).toBeLessThan(keepAliveMs + 5000);
  });

  it('closes the stream of a session logged out meanwhile within a keep-alive period', { timeout: 60_000 }, async () => {
    const staff = await server.userWithRole('Staff');
    const response = await openStream(staff.token);
    const reader = response.body!.getReader();
    await reader.read(); // the first poke
    const loggedOut = await fetch(`${base}/api/user/logout`, { method: 'POST', headers: { token: staff.token } });
    expect(loggedOut.status).toBe(200);
    const started = Date.now();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(Date.now() - started).toBeLessThan(keepAliveMs + 5000);
  });
});

describe('connections', () => {
  it('drops a socket whose request head has not arrived within about 10 s', { timeout: 60_000 }, async () => {
    const socket = await rawSocket();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
    const started = Date.now();
    await closed(socket);
    const ms = Date.now() - started;
    expect(ms).toBeGreaterThan(connectionOptions.headersTimeout - 1500);
    expect(ms).toBeLessThan(connectionOptions.headersTimeout + 5000);
  });

  it('holds at most maxConnections sockets: one more is closed at once', async () => {
    limitConnections(http, 3);
    for (let i = 0; i < 3; i++) await rawSocket();
    const extra = await rawSocket();
    const started = Date.now();
    await closed(extra);
    expect(Date.now() - started).toBeLessThan(2000);
    const answered = await fetch(`${base}/api/health`).catch(() => null);
    expect(answered).toBeNull(); // still full
  });
});
