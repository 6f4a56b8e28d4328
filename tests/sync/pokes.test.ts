// Live between devices (issue 6): the server pokes connected devices after each write, and the
// device's listener reconnects by itself when the server restarts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { TestServer, sleep, until } from './harness';
import { PokeListener } from '@/sync/poke-listener';
import { SyncRunner } from '@/sync/sync-runner';
import { createGarageDb } from '@/db/db';

let server: TestServer;
beforeAll(async () => {
  server = await TestServer.start();
  Dexie.dependencies.indexedDB ??= new IDBFactory();
  Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;
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

describe('the runner and its pokes', () => {
  it('a poke whose timer has not fired when the sync ends still gets its sync', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined });
    const db = createGarageDb('late-poke-runner', { indexedDB: new IDBFactory(), IDBKeyRange });
    const runner = new SyncRunner(
      db,
      { fetch: (...args) => fetch(...args), baseUrl: server.baseUrl, getSession: () => ({ token: server.token, userId: server.admin.author.id }) },
      { onStatus: () => undefined, onSignedOut: () => undefined },
    );
    // The poke comes in the last moment of a sync (private: test only): its sync-now timer is set, and
    // the sync then ends and sets the timed sync in its place, before that timer could fire.
    const internals = runner as unknown as { engine: { sync: () => Promise<void>; hasWork: () => Promise<boolean> }; schedule: (ms: number) => void };
    const { engine } = internals;
    const sync = engine.sync.bind(engine);
    const hasWork = engine.hasWork.bind(engine);
    let syncs = 0;
    let pokeAtTheEnd = false;
    engine.sync = async () => ((syncs += 1), await sync());
    engine.hasWork = async () => {
      const answer = await hasWork();
      if (pokeAtTheEnd) {
        pokeAtTheEnd = false;
        internals.schedule(0);
      }
      return answer;
    };
    runner.start();
    try {
      // The first sync, and the one the stream's poke on connect asks for: then all is quiet.
      await until(() => syncs >= 2, 5_000, 'the first syncs');
      await sleep(500);
      const before = syncs;
      pokeAtTheEnd = true;
      runner.syncNow();
      await until(() => syncs === before + 2, 3_000, 'the sync the late poke asked for');
    } finally {
      runner.stop();
      db.close();
      vi.unstubAllGlobals();
    }
  });

  it('a poke while the runner asks whether the outbox holds more is not left for the timed sync (30 s)', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined });
    const db = createGarageDb('poked-runner', { indexedDB: new IDBFactory(), IDBKeyRange });
    let idle = 0;
    const runner = new SyncRunner(
      db,
      { fetch: (...args) => fetch(...args), baseUrl: server.baseUrl, getSession: () => ({ token: server.token, userId: server.admin.author.id }) },
      { onStatus: (status) => void (status.phase === 'idle' && (idle += 1)), onSignedOut: () => undefined },
    );
    // The window is one await long. To hit it every time, the write (and so its poke) is made while
    // a sync asks hasWork(), and the answer waits until the poke has come (private: test only).
    const engine = (runner as unknown as { engine: { hasWork: () => Promise<boolean> } }).engine;
    const hasWork = engine.hasWork.bind(engine);
    let armed = false;
    engine.hasWork = async () => {
      if (armed) {
        armed = false;
        expect((await addCategory('Poked while asking')).status).toBe(201);
        await sleep(500);
      }
      return hasWork();
    };
    runner.start();
    try {
      await until(() => idle > 0, 5_000, 'the first sync');
      armed = true;
      runner.syncNow();
      const started = Date.now();
      while ((await db.categories.where('name').equals('Poked while asking').count()) === 0) {
        if (Date.now() - started > 5_000) throw new Error('the poked category did not reach the device within 5 s');
        await sleep(50);
      }
    } finally {
      runner.stop();
      db.close();
      vi.unstubAllGlobals();
    }
  });
});
