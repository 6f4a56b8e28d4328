// Live between devices (issue 6): the server pokes connected devices after each write, and the
// device's listener reconnects by itself when the server restarts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, sleep, until } from './harness';
import { PokeListener } from '../../client/src/sync/poke-listener';

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start();
});
afterAll(async () => {
  await server.stop();
});

const addCategory = (name: string, token = server.token) =>
  fetch(`${server.baseUrl}/api/categories`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ name }) });

describe('the poke stream', () => {
  it('pokes on connect and after every write, and reconnects after the server restarts', async () => {
    let pokes = 0;
    const listener = new PokeListener(
      { fetch: (...args) => fetch(...args), baseUrl: server.baseUrl, getSession: () => ({ token: server.token, userId: server.admin.author.id }) },
      () => (pokes += 1),
    );
    listener.start();
    try {
      await until(() => pokes === 1, 5_000, 'the poke on connect');
      expect((await addCategory('Poked 1')).status).toBe(201);
      const afterWrite = await until(() => pokes === 2, 5_000, 'the poke after a write');
      expect(afterWrite).toBeLessThan(1_000);

      // A read does not poke; a push that writes does.
      await fetch(`${server.baseUrl}/api/categories`, { headers: { token: server.token } });
      await sleep(200);
      expect(pokes).toBe(2);

      await server.restart();
      await until(() => pokes === 3, 10_000, 'the poke on reconnecting to the restarted server');
      expect((await addCategory('Poked 2')).status).toBe(201);
      await until(() => pokes === 4, 5_000, 'the poke after a write on the restarted server');
    } finally {
      listener.stop();
    }
  });

  it('stops on a refused session (401) instead of retrying forever', async () => {
    const staleToken = 'not-a-token';
    let pokes = 0;
    let calls = 0;
    const listener = new PokeListener(
      {
        fetch: (...args) => {
          calls += 1;
          return fetch(...args);
        },
        baseUrl: server.baseUrl,
        getSession: () => ({ token: staleToken, userId: 'nobody' }),
      },
      () => (pokes += 1),
    );
    listener.start();
    await sleep(1_500);
    listener.stop();
    expect(calls).toBe(1);
    expect(pokes).toBe(0);
  });
});
