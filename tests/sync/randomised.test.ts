// A seeded randomised run (docs/sync-rules.md, "How the rules are proved"): several devices make random category
// changes, go offline, crash, and sync through a faulty network against the real server, which
// itself crashes now and then. The devices' clocks are wrong and drift, now and then jumping hours
// (issue 23). At the end everyone syncs cleanly and the invariants must hold, among them that every
// field ends at its later edit, by when each edit happened, whatever order they arrived in.
//
//   SYNC_SEED=<int>  replays one run exactly (same choices, same faults, same counts).
//   SYNC_OPS=<int>   number of operations (default 1000, at least 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Device, Random, TestServer, byId, noFaults, seedFromEnv, type CategoryState, type FaultKind, type FaultRates } from './harness';
import { ValidationError } from '@/sync/local-mutation';
import type { OutboxEntry } from '@/db/db';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { happenedAfter } from '@shared/domain/replaced-edit';

const seed = seedFromEnv(20_250_101);
const operationCount = Math.max(500, Number(process.env.SYNC_OPS ?? '') || 1000);
const deviceCount = 4;
const faultRates: FaultRates = { dropRequest: 0.06, dropResponse: 0.06, error500: 0.05, delay: 0.08, duplicatePush: 0.06 };

const words = ['Brakes', 'Filters', 'Tyres', 'Oils', 'Lamps', 'Belts', 'Wipers', 'Seals', 'Pumps', 'Hoses', 'Plugs', 'Valves'];

interface Queued {
  entry: OutboxEntry;
  device: string;
  step: number;
}

describe('randomised sync run', () => {
  let server: TestServer;
  let devices: Device[] = [];

  beforeAll(async () => {
    server = await TestServer.start();
  });

  afterAll(async () => {
    for (const device of devices) device.close();
    await server?.stop();
  });

  it(`keeps every invariant over ${operationCount} random operations (seed ${seed})`, { timeout: 180_000 }, async () => {
    console.log(`[sync-random] seed=${seed} operations=${operationCount} devices=${deviceCount} (replay with SYNC_SEED=${seed})`);
    const started = performance.now();
    const random = new Random(seed);
    devices = Array.from({ length: deviceCount }, (_, i) => new Device(`random-device-${i + 1}`, server, random.fork(), faultRates));
    for (const device of devices) device.net.enabled = true;

    const queued = new Map<string, Queued>();
    /** Every category id any device ever made, in the order made (a deterministic order to pick from). */
    const knownIds: string[] = [];
    const offlineUntil = new Map<Device, number>(devices.map((d) => [d, -1]));
    const counts: Record<string, number> = {
      create: 0,
      update: 0,
      updateNoChange: 0,
      delete: 0,
      invalidRefused: 0,
      writesDuringRequest: 0,
      sync: 0,
      syncFailed: 0,
      pushOnly: 0,
      offlinePeriods: 0,
      skippedWhileOffline: 0,
      dexieCrashes: 0,
      serverCrashes: 0,
      syncAllRounds: 0,
      clockDrifts: 0,
      clockJumps: 0,
      laterEditKept: 0,
    };
    // Each device's clock starts up to 10 minutes wrong, either way.
    const skews = new Map<Device, number>(devices.map((d) => [d, random.int(-600, 600) * 1000]));
    for (const d of devices) d.setClockSkew(skews.get(d)!);
    /** A clock drifts a few seconds, or now and then someone sets it hours wrong (or right again). */
    const moveClock = (d: Device) => {
      const jump = random.chance(0.1);
      const skew = jump ? random.int(-6, 6) * 3_600_000 : skews.get(d)! + random.int(-30, 30) * 1000;
      skews.set(d, skew);
      d.setClockSkew(skew);
      counts[jump ? 'clockJumps' : 'clockDrifts']! += 1;
    };
    let step = 0;

    const isOnline = (d: Device) => !d.net.offline;
    const record = (d: Device, entry: OutboxEntry | null) => {
      if (entry) queued.set(entry.id, { entry, device: d.name, step });
      return entry;
    };

    // ---- local operations -------------------------------------------------------------------

    const randomName = () => {
      const name = `${random.pick(words)} ${random.int(1, 999)}`;
      return random.chance(0.1) ? `  ${name} ` : name; // trimmed by the shared schema
    };
    const randomDescription = (): string | null => {
      const roll = random.next();
      if (roll < 0.4) return '';
      if (roll < 0.5) return null;
      return `${random.pick(words)} and ${random.pick(words)}`.toLowerCase();
    };
    async function localIds(d: Device): Promise<string[]> {
      const present = new Set(await d.db.categories.toCollection().primaryKeys());
      return knownIds.filter((id) => present.has(id));
    }
    async function pickTarget(d: Device): Promise<string | null> {
      const local = await localIds(d);
      // Mostly what the device sees; sometimes any id ever made (deleted, or not yet here).
      if (local.length > 0 && random.chance(0.85)) return random.pick(local);
      return knownIds.length > 0 ? random.pick(knownIds) : null;
    }

    async function createOp(d: Device): Promise<void> {
      const id = randomUUID();
      const entry = await d.run('createCategory', { id, name: randomName(), description: randomDescription() });
      knownIds.push(id);
      record(d, entry);
      counts.create! += 1;
    }

    async function updateOp(d: Device): Promise<void> {
      const id = await pickTarget(d);
      if (!id) return createOp(d);
      const input: Record<string, unknown> = {};
      const which = random.int(0, 2);
      if (which !== 1) input.name = randomName();
      if (which !== 0) input.description = randomDescription();
      if (random.chance(0.6)) {
        // The form's way: only fields that differ from the device's row travel.
        const current = await d.db.categories.get(id);
        const entry = record(d, await d.edit('updateCategory', id, { ...current, ...input }));
        if (entry) counts.update! += 1;
        else counts.updateNoChange! += 1;
      } else {
        record(d, await d.run('updateCategory', { ...input, id }));
        counts.update! += 1;
      }
    }

    async function deleteOp(d: Device): Promise<void> {
      const id = await pickTarget(d);
      if (!id) return createOp(d);
      record(d, await d.run('deleteCategory', { id }));
      counts.delete! += 1;
    }

    async function invalidOp(d: Device): Promise<void> {
      const target = (await localIds(d))[0];
      const before = await d.outboxSize();
      const rowBefore = target ? await d.db.categories.get(target) : undefined;
      const attempts: (() => Promise<unknown>)[] = [
        async () => d.run('createCategory', { id: randomUUID(), name: '   ' }),
        async () => d.run('createCategory', { id: randomUUID(), name: 'N'.repeat(51) }),
        async () => d.run('createCategory', { id: randomUUID(), name: 'Fine', description: 'd'.repeat(201) }),
        async () => d.run('createCategory', { id: randomUUID(), name: 42 }),
        async () => d.run('createCategory', { id: '', name: 'No id' }),
      ];
      if (target) {
        attempts.push(
          async () => d.run('updateCategory', { id: target, name: '' }),
          async () => d.edit('updateCategory', target, { name: 'Ok', description: 'x'.repeat(300) }),
        );
      }
      await expect(random.pick(attempts)()).rejects.toBeInstanceOf(ValidationError);
      // Refused by local validation: nothing queued, nothing changed.
      expect(await d.outboxSize()).toBe(before);
      if (target) expect(await d.db.categories.get(target)).toEqual(rowBefore);
      counts.invalidRefused! += 1;
    }

    async function localOp(d: Device): Promise<void> {
      const roll = random.next();
      if (roll < 0.08) return invalidOp(d);
      if (roll < 0.42) return createOp(d);
      if (roll < 0.82) return updateOp(d);
      return deleteOp(d);
    }

    // ---- sync operations --------------------------------------------------------------------

    async function syncOp(d: Device): Promise<void> {
      counts.sync! += 1;
      if ((await d.trySync()) !== null) counts.syncFailed! += 1;
    }

    async function pushOnly(d: Device): Promise<void> {
      counts.pushOnly! += 1;
      try {
        await d.engine.push();
      } catch {
        counts.syncFailed! += 1;
      }
    }

    /** The tab dies while its next request is in flight; a new Dexie on the same IndexedDB takes over. */
    async function dexieCrash(d: Device): Promise<void> {
      const afterServer = random.chance(0.7);
      d.net.interceptNext(async ({ forward }) => {
        if (!afterServer) {
          d.db.close();
          throw new TypeError('fetch failed (tab closed)');
        }
        const answer = await forward();
        d.db.close();
        return answer;
      });
      await d.trySync();
      d.abandonAndReopen();
      counts.dexieCrashes! += 1;
    }

    /** The server process dies in the middle of a push (after some of its mutations committed). */
    async function serverCrash(d: Device): Promise<void> {
      const keepFraction = random.next();
      d.net.interceptNext(async ({ init, isPush, forward }) => {
        if (isPush && init?.body) {
          const body = JSON.parse(String(init.body)) as { mutations: unknown[] };
          const kept = Math.floor(body.mutations.length * keepFraction);
          if (kept > 0) {
            const partial = await forward({ ...init, body: JSON.stringify({ ...body, mutations: body.mutations.slice(0, kept) }) });
            await partial.arrayBuffer();
          }
        }
        await server.kill();
        throw new TypeError('fetch failed (server died)');
      });
      await d.trySync();
      // Another device tries while it is down.
      const other = random.pick(devices);
      if (isOnline(other)) await other.trySync();
      await server.restart();
      counts.serverCrashes! += 1;
    }

    // ---- the run ----------------------------------------------------------------------------

    for (step = 0; step < operationCount; step += 1) {
      const d = random.pick(devices);
      if (d.net.offline && offlineUntil.get(d)! <= step) d.net.offline = false;
      if (random.chance(0.03)) moveClock(d);
      const roll = random.next();
      const online = isOnline(d);
      if (roll < 0.5) {
        await localOp(d);
      } else if (roll < 0.57) {
        // Meanwhile on the device: a write lands while its next request is on the wire.
        // Half the time during a pull: the write is pending while the pull page is applied.
        d.net.duringNextRequest(
          async () => {
            counts.writesDuringRequest! += 1;
            await localOp(d);
          },
          random.chance(0.5) ? 'pull' : 'any',
        );
      } else if (roll < 0.78) {
        if (online) await syncOp(d);
        else counts.skippedWhileOffline! += 1;
      } else if (roll < 0.84) {
        if (online) await pushOnly(d);
        else counts.skippedWhileOffline! += 1;
      } else if (roll < 0.9) {
        if (online) {
          d.net.offline = true;
          offlineUntil.set(d, step + random.int(5, 80));
          counts.offlinePeriods! += 1;
        } else counts.skippedWhileOffline! += 1;
      } else if (roll < 0.93) {
        if (online) await dexieCrash(d);
        else counts.skippedWhileOffline! += 1;
      } else if (roll < 0.94) {
        if (online) await serverCrash(d);
        else counts.skippedWhileOffline! += 1;
      } else {
        // Partial rounds: the online devices sync one after the other.
        counts.syncAllRounds! += 1;
        for (const device of devices) if (isOnline(device)) await syncOp(device);
      }
    }

    // ---- everyone comes online and syncs without faults until nothing is left -------------

    for (const d of devices) {
      d.net.enabled = false;
      d.net.offline = false;
    }
    let finalRounds = 0;
    for (; finalRounds < 8; finalRounds += 1) {
      for (const d of devices) await d.syncClean();
      const sizes = await Promise.all(devices.map(async (d) => d.outboxSize()));
      if (sizes.every((size) => size === 0) && devices.every((d) => d.net.waitingActions === 0)) break;
    }
    // A last pull for everyone, so the first ones see what the last ones pushed.
    for (const d of devices) await d.syncClean();
    const duration = performance.now() - started;

    // ---- invariants -------------------------------------------------------------------------

    for (const d of devices) {
      expect(await d.outboxSize(), `${d.name} outbox`).toBe(0);
      expect(d.net.waitingActions, `${d.name} writes still waiting`).toBe(0);
    }

    const serverLive = await server.liveCategories();
    expect(await server.apiCategories()).toEqual(serverLive);

    // Every device equals the server (and holds the server's versions, not optimistic guesses).
    const serverVersions = new Map(
      ((await server.db.$client.prepare(`SELECT id, version FROM categories WHERE deleted = 0`).all()) as { id: string; version: number }[]).map((row) => [row.id, row.version]),
    );
    for (const d of devices) {
      expect(await d.categories(), `${d.name} equals the server`).toEqual(serverLive);
      const rows = await d.db.categories.toArray();
      const wrongVersions = rows.filter((row) => serverVersions.get(row.id) !== row.version).map((row) => row.id);
      expect(wrongVersions, `${d.name} versions`).toEqual([]);
    }

    // Exactly once: no id twice; every queued id answered; nothing the test did not queue.
    const applied = await server.appliedMutations();
    const appliedIds = applied.map((row) => row.id);
    expect(new Set(appliedIds).size, 'applied_mutations has no duplicates').toBe(appliedIds.length);
    const lost = [...queued.keys()].filter((id) => !appliedIds.includes(id));
    expect(lost, 'no queued mutation lost').toEqual([]);
    const unknown = appliedIds.filter((id) => !queued.has(id));
    expect(unknown, 'nothing applied that was not queued').toEqual([]);
    expect(applied.length).toBe(queued.size);

    // In order, per device (docs/sync-rules.md, rule 4): the server answered each device's mutations in the order
    // the device queued them.
    for (const d of devices) {
      const queuedOrder = [...queued.values()].filter((q) => q.device === d.name).map((q) => q.entry.id);
      const serverOrder = appliedIds.filter((id) => queued.get(id)?.device === d.name);
      expect(serverOrder, `${d.name} order`).toEqual(queuedOrder);
    }

    // Every rejection reached its device's problems list once, and nothing else did.
    const rejectedIds = applied.filter((row) => row.status === 'rejected').map((row) => row.id);
    const problemIds: string[] = [];
    for (const d of devices) {
      for (const problem of await d.db.problems.toArray()) {
        problemIds.push(problem.mutation.id);
        expect(queued.get(problem.mutation.id)?.device).toBe(d.name);
      }
    }
    expect([...problemIds].sort()).toEqual([...rejectedIds].sort());

    // The model: replay the server's answers in commit order. Each answer must be the one the
    // rules give (an update or delete of a category that does not exist is refused, ...), and the
    // categories it predicts must be exactly the server's live ones. Of two edits of a field the one
    // that happened later stands, whichever arrived last (docs/decisions.md, The later edit wins).
    const model = new Map<string, CategoryState>();
    const lastEdit = new Map<string, { at: string; mutationId: string }>();
    const everCreated = new Set<string>();
    const violations: string[] = [];
    for (const row of applied) {
      const { entry } = queued.get(row.id)!;
      const id = entry.args.id;
      const fields = fieldsFromArgs('categories', entry.args) as Partial<CategoryState>;
      const ok = row.status === 'applied';
      if (row.name !== entry.name) violations.push(`${row.id}: server recorded ${row.name}, queued ${entry.name}`);
      if (entry.name === 'createCategory') {
        if (ok && !everCreated.has(id)) {
          everCreated.add(id);
          model.set(id, { id, name: fields.name!, description: fields.description ?? '' });
        } else if (ok || row.httpStatus !== 409 || !everCreated.has(id)) {
          violations.push(`create ${id}: ${row.status} ${row.httpStatus}`);
        }
      } else if (entry.name === 'updateCategory') {
        const current = model.get(id);
        if (ok && current) {
          const edit = { at: row.happenedAt!, mutationId: row.id };
          const kept: Partial<CategoryState> = {};
          for (const [field, value] of Object.entries(fields) as [keyof CategoryState, string][]) {
            const last = lastEdit.get(`${id}/${field}`);
            if (last && happenedAfter(last, edit)) {
              counts.laterEditKept! += 1;
              continue;
            }
            kept[field] = value;
            lastEdit.set(`${id}/${field}`, edit);
          }
          model.set(id, { ...current, ...kept });
        } else if (ok || current || row.httpStatus !== 404) violations.push(`update ${id}: ${row.status} ${row.httpStatus} live=${!!current}`);
      } else if (entry.name === 'deleteCategory') {
        if (ok && everCreated.has(id)) model.delete(id);
        else if (ok || everCreated.has(id) || row.httpStatus !== 404) violations.push(`delete ${id}: ${row.status} ${row.httpStatus}`);
      }
    }
    expect(violations).toEqual([]);
    expect(model.size, 'live categories predicted by the model').toBe(serverLive.length);
    expect([...model.values()].sort(byId)).toEqual(serverLive);
    expect(await server.categoryRowCount(), 'one row per category ever created').toBe(everCreated.size);

    const faults = noFaults();
    let requests = 0;
    for (const d of devices) {
      requests += d.net.requests;
      for (const [kind, n] of Object.entries(d.net.counts)) faults[kind as FaultKind] += n;
    }
    const byStatus = { applied: applied.length - rejectedIds.length, rejected: rejectedIds.length };
    console.log(
      `[sync-random] seed=${seed} duration=${(duration / 1000).toFixed(2)}s operations=${operationCount} ` +
        `queued=${queued.size} ${JSON.stringify(byStatus)} liveCategories=${serverLive.length} everCreated=${everCreated.size} ` +
        `finalRounds=${finalRounds + 1} requests=${requests}`,
    );
    console.log(`[sync-random] operations: ${JSON.stringify(counts)}`);
    console.log(`[sync-random] faults: ${JSON.stringify(faults)} serverRestarts=${server.restarts}`);

    // Enough happened for the run to mean something.
    expect(queued.size).toBeGreaterThan(200);
    expect(rejectedIds.length).toBeGreaterThan(0);
    expect(faults.dropResponse + faults.duplicatePush).toBeGreaterThan(0);
    // Some edit arrived after a later one of the same field and gave way to it.
    expect(counts.laterEditKept).toBeGreaterThan(0);
    expect(counts.clockJumps).toBeGreaterThan(0);
  });
});
