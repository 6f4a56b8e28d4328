import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { makeTestServer, type TestServer } from './helpers';
import { connectionOptions } from '../src/http/connection-limits';

// Issue 42, point 11: the server closed an idle keep-alive socket after Node's default 5 s, and a
// client writing its next request just then was reset (ECONNRESET). The server is put on a port here
// as server/src/main.ts does it, with the shared connection options.

let server: TestServer;
let http: Server;
let agent: Agent;

beforeEach(async () => {
  server = await makeTestServer();
  http = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0, serverOptions: connectionOptions }, () => resolve(s as Server)) as Server;
  });
  // One socket, kept: the second call goes on the first one's socket if the server still holds it.
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
});
afterEach(async () => {
  agent.destroy();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  server.close();
});

interface Answer {
  status: number;
  reusedSocket: boolean;
  keepAlive: string | string[] | undefined;
}

function health(): Promise<Answer> {
  const { port } = http.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, reusedSocket: request.reusedSocket, keepAlive: response.headers['keep-alive'] }));
    });
    request.on('error', reject);
  });
}

describe('keep-alive', () => {
  it('keeps an idle socket 65 s and still takes a request head within 10 s', () => {
    expect(http.keepAliveTimeout).toBe(65_000);
    expect(http.headersTimeout).toBe(10_000);
  });

  it('tells clients how long it keeps an idle socket, so theirs close first', async () => {
    expect((await health()).keepAlive).toBe('timeout=65');
  });

  // Past Node's old 5 s, and past the 10 s head limit, which counts from a request's first byte only.
  it('answers on a socket left idle for 11 s', { timeout: 30_000 }, async () => {
    expect(await health()).toMatchObject({ status: 200, reusedSocket: false });
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await health()).toMatchObject({ status: 200, reusedSocket: true });
  });
});
