// A build the server no longer serves (HTTP 426, issue 22): the update prompt must stay up until a
// sync gets through. Before, every attempt after it showed 'syncing' first, so the prompt went away
// and came back on each poke from another device's write (CI: its Reload button was detached from
// the page under the click), and each poke sent a request that could only be refused again.
import { afterEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { runnerTestFile, sleep, until } from './harness';
import { createGarageDb } from '@/db/db';
import { SyncRunner, type RunnerStatus } from '@/sync/sync-runner';
import { updateRequiredMessage, updateRequiredStatus } from '@shared/sync/protocol';

const file = runnerTestFile();

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const addCategory = (name: string) =>
  fetch(`${file.server.baseUrl}/api/categories`, { method: 'POST', headers: { 'content-type': 'application/json', token: file.server.token }, body: JSON.stringify({ name }) });

describe('a build the server no longer serves', () => {
  it('keeps the update prompt up while it asks again, and pokes do not make it ask', async () => {
    const server426 = { tooOld: true, unplugged: false };
    const statuses: RunnerStatus[] = [];
    let syncRequests = 0;
    let streamOpen = false;
    const runner = new SyncRunner(
      createGarageDb('update-required', { indexedDB: new IDBFactory(), IDBKeyRange }),
      {
        fetch: async (input, init) => {
          const url = String(input);
          if (url.endsWith('/api/sync/events')) {
            const response = await fetch(input, init);
            streamOpen = true;
            return response;
          }
          syncRequests += 1;
          if (server426.unplugged) throw new TypeError('Failed to fetch');
          if (server426.tooOld)
            return new Response(JSON.stringify({ success: false, message: updateRequiredMessage }), {
              status: updateRequiredStatus,
              headers: { 'content-type': 'application/json' },
            });
          return fetch(input, init);
        },
        baseUrl: file.server.baseUrl,
        getSession: () => ({ token: file.server.token, userId: file.server.admin.author.id }),
      },
      { onStatus: (status) => statuses.push(status), onSignedOut: () => undefined },
    );
    stop = () => runner.stop();
    runner.start();
    await until(() => streamOpen && statuses.some((status) => status.phase === 'update-required'), 5_000, 'the first refusal');
    await sleep(300); // the poke on connecting, if it came after the first refusal
    const told = statuses.findIndex((status) => status.phase === 'update-required');
    expect(statuses[told]).toMatchObject({ lastError: updateRequiredMessage });

    // Another device writes: the server pokes; this build asks nothing (it could only be refused).
    const asked = syncRequests;
    expect((await addCategory('Written elsewhere')).status).toBe(201);
    await sleep(1_500);
    expect(syncRequests).toBe(asked);

    // Asked again (Sync now, the timer) while still too old: the prompt never leaves.
    runner.syncNow();
    await until(() => syncRequests > asked, 5_000, 'the second attempt');
    await sleep(300);
    const since = statuses.slice(told);
    expect(since.map((status) => status.phase)).toEqual(since.map(() => 'update-required'));
    expect(since.map((status) => status.lastError)).toEqual(since.map(() => updateRequiredMessage));

    // The server restarts for its update (unreachable a while): the prompt stays through the failed tries.
    server426.unplugged = true;
    const beforeRestart = syncRequests;
    runner.syncNow();
    await until(() => syncRequests > beforeRestart + 1, 10_000, 'two tries while the server restarts');
    server426.unplugged = false;
    const all = statuses.slice(told);
    expect(all.map((status) => status.phase)).toEqual(all.map(() => 'update-required'));

    // The server takes this build again (rolled back): the next attempt gets through and the prompt goes.
    server426.tooOld = false;
    runner.syncNow();
    await until(() => statuses.at(-1)?.phase === 'idle', 10_000, 'a sync that gets through');
    expect(statuses.at(-1)).toMatchObject({ phase: 'idle', lastError: null });
  });
});
