// A device whose requests never reach the server is offline, whatever navigator.onLine says
// (Chromium keeps it true in a page loaded while offline; a tablet on a Wi-Fi with no way to the
// shop server has it true): the indicator shows 'Offline' without flickering, and the runner keeps
// trying often enough to sync within seconds of the network coming back, with no 'online' event.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { runnerTestFile, sleep, until } from './harness';
import { createGarageDb } from '@/db/db';
import { SyncRunner, type RunnerStatus } from '@/sync/sync-runner';

const file = runnerTestFile();

type Network = 'unplugged' | 'server error' | 'up';

function device(name: string) {
  const network = { state: 'unplugged' as Network };
  const statuses: RunnerStatus[] = [];
  let requests = 0;
  const runner = new SyncRunner(
    createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange }),
    {
      fetch: async (input, init) => {
        requests += 1;
        if (network.state === 'unplugged') throw new TypeError('Failed to fetch');
        if (network.state === 'server error' && !String(input).endsWith('/api/sync/events')) return new Response('{}', { status: 500 });
        return fetch(input, init);
      },
      baseUrl: file.server.baseUrl,
      getSession: () => ({ token: file.server.token, userId: file.server.admin.author.id }),
    },
    { onStatus: (status) => statuses.push(status), onSignedOut: () => undefined },
  );
  return { network, statuses, runner, requests: () => requests };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('a server the device cannot reach', () => {
  it('is shown offline, probed without flickering, and synced soon after the network returns', async () => {
    const tablet = device('unreachable');
    stop = () => tablet.runner.stop();
    tablet.runner.start();
    await until(() => tablet.statuses.some((status) => status.lastError), 5_000, 'the first failed attempt');
    expect(tablet.statuses.at(-1)).toMatchObject({ phase: 'offline', lastError: 'Failed to fetch' });

    // Further attempts while unplugged: every status after the first failure says offline.
    const firstFailure = tablet.statuses.length;
    const tried = tablet.requests();
    await until(() => tablet.requests() > tried + 2, 8_000, 'two more attempts');
    expect(tablet.statuses.slice(firstFailure).map((status) => status.phase)).toEqual(tablet.statuses.slice(firstFailure).map(() => 'offline'));

    // Back: no 'online' event comes (navigator.onLine never changed), yet it syncs within the retry cap.
    tablet.network.state = 'up';
    const back = Date.now();
    await until(() => tablet.statuses.at(-1)?.phase === 'idle', 7_000, 'a sync after the network returned');
    expect(Date.now() - back).toBeLessThan(7_000);
  });

  it('is not offline when the server answers with an error: that is a retry', async () => {
    const tablet = device('server-error');
    stop = () => tablet.runner.stop();
    tablet.network.state = 'server error';
    tablet.runner.start();
    await until(() => tablet.statuses.some((status) => status.lastError), 5_000, 'the first failed attempt');
    // The failure's own status, not the last: on a loaded machine the retry may have started by now.
    expect(tablet.statuses.find((status) => status.lastError)).toMatchObject({ phase: 'retrying', lastError: 'server answered 500' });
    expect(tablet.statuses.map((status) => status.phase)).not.toContain('offline');
  });

  // A logout stops the runner while its sync may be under way: that sync's failure is nobody's news.
  // It set a status and a retry before, and in a test it outlived the file's stubs (CI: 'navigator is
  // not defined' from tests/sync/pokes.test.ts after its runner was stopped).
  it('a runner stopped while its sync is under way reports no failure and does not try again', async () => {
    const tablet = device('stopped-mid-sync');
    let syncing = false;
    let fail: () => void = () => undefined;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    const runner = new SyncRunner(
      createGarageDb('stopped-mid-sync-runner', { indexedDB: new IDBFactory(), IDBKeyRange }),
      {
        fetch: async (input) => {
          // The sync's own request (not the pokes' stream) is the one under way when the runner stops.
          if (!String(input).endsWith('/api/sync/events')) syncing = true;
          await failing;
          throw new TypeError('Failed to fetch');
        },
        baseUrl: file.server.baseUrl,
        getSession: () => ({ token: file.server.token, userId: file.server.admin.author.id }),
      },
      { onStatus: (status) => tablet.statuses.push(status), onSignedOut: () => undefined },
    );
    stop = () => runner.stop();
    runner.start();
    await until(() => syncing, 5_000, 'a request under way');
    runner.stop();
    const shown = tablet.statuses.length;
    fail();
    await sleep(1_500);
    expect(tablet.statuses.slice(shown)).toEqual([]);
  });

  // 'Sync now' pressed (in any tab: the leader gets it by message) while a sync is under way that
  // then fails: the sync it asked for follows at once, not at the backoff's retry. The failure set
  // the retry's timer in place of Sync now's and dropped its request (the e2e 'Sync now works from
  // any tab' missed its 3 s under load).
  it("a Sync now pressed while a failing sync runs is not left for the backoff's retry", async () => {
    const pulls: number[] = [];
    let hold: Promise<void> | null = null;
    let answer: () => void = () => undefined;
    const runner = new SyncRunner(
      createGarageDb('sync-now-mid-failure', { indexedDB: new IDBFactory(), IDBKeyRange }),
      {
        fetch: async (input, init) => {
          if (!String(input).includes('/api/sync/pull')) return fetch(input, init);
          pulls.push(Date.now());
          if (!hold) return fetch(input, init);
          const held = hold;
          hold = null;
          await held;
          return new Response('{}', { status: 500 });
        },
        baseUrl: file.server.baseUrl,
        getSession: () => ({ token: file.server.token, userId: file.server.admin.author.id }),
      },
      { onStatus: () => undefined, onSignedOut: () => undefined },
    );
    stop = () => runner.stop();
    // The backoff after one failure at its longest (1000 × 2¹ × (0.5 + 0.5 × random)): 2 s.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    try {
      runner.start();
      await until(() => pulls.length > 0, 5_000, 'the first sync');
      await sleep(500); // the first sync, and the one the poke stream's connect asks for, are over
      hold = new Promise<void>((resolve) => (answer = resolve));
      runner.syncNow();
      const before = pulls.length;
      await until(() => pulls.length > before, 5_000, 'the sync that will fail, under way');
      runner.syncNow(); // pressed while it runs
      const failed = Date.now();
      answer();
      await until(() => pulls.length > before + 1, 5_000, 'the sync Sync now asked for');
      expect(pulls.at(-1)! - failed).toBeLessThan(1_500); // the retry would come at 2 s
    } finally {
      random.mockRestore();
    }
  });
});
