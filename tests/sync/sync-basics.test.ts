// The sync design's rules, one scenario at a time, against the real server on a loopback port.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, byId, sleep, type CategoryState } from './harness';
import { ValidationError } from '@/sync/local-mutation';
import type { OutboxEntry } from '@/db/db';
import { pushBatchMax } from '@shared/sync/messages';

let server: TestServer;
let devices: Device[] = [];
let deviceCount = 0;
const random = new Random(20240601);

beforeAll(async () => {
  server = await TestServer.start();
});

afterEach(() => {
  for (const device of devices) device.close();
  devices = [];
});

afterAll(async () => {
  await server.stop();
});

function device(): Device {
  deviceCount += 1;
  const created = new Device(`device-${deviceCount}`, server, random.fork());
  devices.push(created);
  return created;
}

async function createCategory(on: Device, name: string, description = ''): Promise<OutboxEntry> {
  return on.run('createCategory', { id: randomUUID(), name, description });
}

const local = (on: Device, id: string) => on.db.categories.get(id);
const serverRow = async (id: string): Promise<CategoryState | undefined> => (await server.liveCategories()).find((row) => row.id === id);

async function appliedCount(mutationId: string): Promise<number> {
  return (await server.appliedMutations()).filter((row) => row.id === mutationId).length;
}

async function categoryRows(id: string): Promise<number> {
  return ((await server.db.$client.prepare(`SELECT COUNT(*) AS n FROM categories WHERE id = ?`).get(id)) as { n: number }).n;
}

async function expectEqualsServer(...on: Device[]): Promise<void> {
  const expected = await server.liveCategories();
  expect(await server.apiCategories()).toEqual(expected);
  for (const d of on) expect(await d.categories(), d.name).toEqual(expected);
}

describe('sync basics', () => {
  it('a category created offline on one device reaches another after both sync', async () => {
    const a = device();
    const b = device();
    const entry = await createCategory(a, 'Brakes', 'Pads and discs');
    expect(await a.outboxSize()).toBe(1);
    expect(await local(b, entry.args.id)).toBeUndefined();

    await a.syncClean();
    await b.syncClean();

    expect(await a.outboxSize()).toBe(0);
    expect(await local(b, entry.args.id)).toMatchObject({ name: 'Brakes', description: 'Pads and discs', deleted: false });
    expect(await serverRow(entry.args.id)).toEqual({ id: entry.args.id, name: 'Brakes', description: 'Pads and discs' });
    await expectEqualsServer(a, b);
  });

  it('local validation refuses bad input and queues nothing', async () => {
    const a = device();
    await expect(a.run('createCategory', { id: randomUUID(), name: '   ' })).rejects.toBeInstanceOf(ValidationError);
    await expect(a.run('createCategory', { id: randomUUID(), name: 'x'.repeat(51) })).rejects.toBeInstanceOf(ValidationError);
    expect(await a.outboxSize()).toBe(0);
    expect(await a.db.categories.count()).toBe(0);
  });

  it.each([
    ['the update reaches the server first', 'a-first'],
    ['the delete reaches the server first', 'b-first'],
  ])('an update on A and a delete on B converge (%s)', async (_label, order) => {
    const a = device();
    const b = device();
    const created = await createCategory(a, 'Filters', 'Oil and air');
    await a.syncClean();
    await b.syncClean();
    const id = created.args.id;

    // Both offline: A renames, B deletes.
    const update = await a.edit('updateCategory', id, { name: 'Filters & Fluids' });
    await b.run('deleteCategory', { id });
    expect(update).not.toBeNull();

    const [first, second] = order === 'a-first' ? [a, b] : [b, a];
    await first.syncClean();
    await second.syncClean();
    await first.syncClean();

    expect(await serverRow(id)).toBeUndefined();
    expect(await local(a, id)).toBeUndefined();
    expect(await local(b, id)).toBeUndefined();
    const problems = await a.db.problems.toArray();
    if (order === 'b-first') {
      // The rename came after the delete: refused, listed, and A's row follows the server.
      expect(problems.map((p) => p.mutation.id)).toEqual([update!.id]);
      expect(problems[0]!.httpStatus).toBe(404);
    } else {
      expect(problems).toEqual([]);
    }
    await expectEqualsServer(a, b);
  });

  it('two devices editing different fields of one category both keep their change', async () => {
    const a = device();
    const b = device();
    const created = await createCategory(a, 'Tyres', 'All seasons');
    await a.syncClean();
    await b.syncClean();
    const id = created.args.id;

    const nameEdit = await a.edit('updateCategory', id, { name: 'Tyres & Wheels', description: 'All seasons' });
    const descriptionEdit = await b.edit('updateCategory', id, { name: 'Tyres', description: 'Summer and winter' });
    // Only the changed field travels.
    expect(nameEdit!.args).toEqual({ id, name: 'Tyres & Wheels' });
    expect(descriptionEdit!.args).toEqual({ id, description: 'Summer and winter' });

    await a.syncClean();
    await b.syncClean();
    await a.syncClean();

    expect(await serverRow(id)).toEqual({ id, name: 'Tyres & Wheels', description: 'Summer and winter' });
    await expectEqualsServer(a, b);
  });

  it('a rejected mutation goes to problems, does not block the next entry, and the local row follows the server', async () => {
    const a = device();
    const b = device();
    const gone = await createCategory(a, 'Exhausts');
    await a.syncClean();
    await b.syncClean();

    // B deletes the category; A, not knowing, edits it and then creates another.
    await b.run('deleteCategory', { id: gone.args.id });
    await b.syncClean();
    const doomed = await a.run('updateCategory', { id: gone.args.id, name: 'Exhaust systems' });
    const next = await createCategory(a, 'Lighting', 'Bulbs');
    // A pulls while the edit is pending: the tombstone is held back (docs/sync-rules.md, rule 7) and the cursor
    // moves past it, so only the refusal's answer can take the row away now.
    await a.engine.pull();
    expect((await local(a, gone.args.id))?.name).toBe('Exhaust systems');

    await a.syncClean();

    const problems = await a.db.problems.toArray();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ mutation: { id: doomed.id, name: 'updateCategory' }, httpStatus: 404 });
    expect(problems[0]!.message).toMatch(/not found/i);
    expect(problems[0]!.current).toEqual([{ table: 'categories', id: gone.args.id, row: null }]);
    expect(await a.outboxSize()).toBe(0);
    expect(await serverRow(next.args.id)).toEqual({ id: next.args.id, name: 'Lighting', description: 'Bulbs' });
    expect(await local(a, gone.args.id)).toBeUndefined();
    expect((await server.appliedMutations()).find((row) => row.id === doomed.id)).toMatchObject({ status: 'rejected', httpStatus: 404 });
    await b.syncClean();
    await expectEqualsServer(a, b);
  });

  it('a refused create restores the server row in place of the optimistic one', async () => {
    const a = device();
    const b = device();
    const original = await createCategory(b, 'Batteries', 'Lead acid');
    await b.syncClean();
    await a.syncClean(); // A's cursor is past the original row

    // A's create reuses an id the server already holds (the same record made twice).
    const clash = await a.run('createCategory', { id: original.args.id, name: 'Accumulators', description: '' });
    const after = await createCategory(a, 'Wipers');
    expect(await local(a, original.args.id)).toMatchObject({ name: 'Accumulators' });
    await a.syncClean();

    const problems = await a.db.problems.toArray();
    expect(problems.map((p) => [p.mutation.id, p.httpStatus])).toEqual([[clash.id, 409]]);
    expect(await local(a, original.args.id)).toMatchObject({ name: 'Batteries', description: 'Lead acid' });
    expect((await serverRow(after.args.id))?.name).toBe('Wipers');
    await b.syncClean();
    await expectEqualsServer(a, b);
  });

  it('a pull never overwrites a local row with pending mutations; after the push it equals the server', async () => {
    const a = device();
    const b = device();
    const shared = await createCategory(a, 'Engine', 'Belts');
    await a.syncClean();
    await b.syncClean();
    const id = shared.args.id;

    await a.edit('updateCategory', id, { name: 'Engine parts' }); // pending on A
    await sleep(5); // B's edit happens later than A's (a tie would go by mutation id)
    await b.edit('updateCategory', id, { name: 'Motor', description: 'Belts and chains' });
    const fromB = await createCategory(b, 'Cooling');
    await b.syncClean();

    await a.engine.pull();
    // The pending row keeps A's work; other rows of the same page do arrive.
    expect(await local(a, id)).toMatchObject({ name: 'Engine parts', description: 'Belts' });
    expect(await local(a, fromB.args.id)).toMatchObject({ name: 'Cooling' });
    expect(await a.outboxSize()).toBe(1);

    // sync(): push, then pull, which brings the server's row in place of the optimistic one. The
    // server merges per field, and of two edits of one field the later one stands (issue 23 changed
    // this: A's earlier name, arriving last, used to win): B's name and description.
    await a.syncClean();
    expect(await a.outboxSize()).toBe(0);
    expect(await serverRow(id)).toEqual({ id, name: 'Motor', description: 'Belts and chains' });
    expect(await local(a, id)).toMatchObject({ name: 'Motor', description: 'Belts and chains' });
    await b.syncClean();
    await expectEqualsServer(a, b);
  });

  it('a write made while the pull of a sync is in flight survives that pull and is sent next time', async () => {
    const a = device();
    const b = device();
    const shared = await createCategory(a, 'Steering', 'Racks');
    await a.syncClean();
    await b.syncClean();
    const id = shared.args.id;
    await b.edit('updateCategory', id, { name: 'Steering gear', description: 'Racks and pumps' });
    await b.syncClean();

    // A's sync pushes (an empty outbox: nothing to send), then, while its pull request is on
    // the wire, the user edits.
    a.net.duringNextRequest(async () => {
      await a.edit('updateCategory', id, { description: 'Racks only' });
    }, 'pull');
    expect(await a.trySync()).toBeNull();
    expect(await local(a, id)).toMatchObject({ name: 'Steering', description: 'Racks only' });
    expect(await a.outboxSize()).toBe(1);

    await a.syncClean();
    expect(await serverRow(id)).toEqual({ id, name: 'Steering gear', description: 'Racks only' });
    await b.syncClean();
    await expectEqualsServer(a, b);
  });

  it('a reset (cursor of another server) clears and refills the mirror but keeps rows with pending mutations', async () => {
    const a = device();
    const kept = await createCategory(a, 'Suspension');
    await a.syncClean();
    const before = await server.liveCategories();
    expect(before.length).toBeGreaterThan(0);

    // A row the server never had (left from another database) and a gap in the mirror.
    await a.db.categories.put({ id: 'stale-from-old-server', name: 'Old', description: '', version: 3, deleted: false, updatedAt: '' });
    await a.db.categories.delete(kept.args.id);
    // Work done offline, not yet sent.
    const pending = await createCategory(a, 'Made offline');
    await a.db.syncState.put({ key: 'cursor', value: `another-server-id:${before.length}` });

    await a.engine.pull();

    const afterPull = await a.categories();
    expect(afterPull.map((row) => row.id)).not.toContain('stale-from-old-server');
    expect(afterPull).toEqual([...before, { id: pending.args.id, name: 'Made offline', description: '' }].sort(byId));
    expect(await a.outboxSize()).toBe(1);
    expect((await a.db.syncState.get('cursor'))?.value).not.toMatch(/^another-server-id:/);

    await a.syncClean();
    await expectEqualsServer(a);
  });

  it('a cursor from the future also resets', async () => {
    const a = device();
    await createCategory(a, 'Glass');
    await a.syncClean();
    await a.db.categories.put({ id: 'ghost', name: 'Ghost', description: '', version: 1, deleted: false, updatedAt: '' });
    const cursor = (await a.db.syncState.get('cursor'))!.value;
    await a.db.syncState.put({ key: 'cursor', value: cursor.replace(/:\d+:[0-9a-f]*$/, ':99999999:') });
    await a.syncClean();
    await expectEqualsServer(a);
  });

  it('a response lost after the server committed, then retried, applies exactly once', async () => {
    const a = device();
    const b = device();
    const keep = await createCategory(a, 'Clutch');
    const removed = await createCategory(a, 'Gearbox');
    const renamed = await a.run('updateCategory', { id: keep.args.id, description: 'Plates' });
    const deleted = await a.run('deleteCategory', { id: removed.args.id });
    const entries = [keep, removed, renamed, deleted];
    const liveBefore = (await server.liveCategories()).length;

    a.net.force('dropResponse');
    expect(await a.trySync()).toBeInstanceOf(Error);
    // The server has everything; the device heard nothing and still holds its outbox.
    for (const entry of entries) expect(await appliedCount(entry.id)).toBe(1);
    expect(await a.outboxSize()).toBe(4);

    // Retried twice more, once as a doubled push.
    a.net.force('dropResponse', 'duplicatePush');
    expect(await a.trySync()).toBeInstanceOf(Error);
    await a.syncClean();

    expect(await a.outboxSize()).toBe(0);
    expect(await a.db.problems.count()).toBe(0);
    for (const entry of entries) {
      expect(await appliedCount(entry.id)).toBe(1);
      expect((await server.appliedMutations()).find((row) => row.id === entry.id)?.status).toBe('applied');
    }
    expect(await categoryRows(keep.args.id)).toBe(1);
    expect(await categoryRows(removed.args.id)).toBe(1); // the tombstone
    expect((await server.liveCategories()).length).toBe(liveBefore + 1);
    expect(await serverRow(keep.args.id)).toEqual({ id: keep.args.id, name: 'Clutch', description: 'Plates' });
    await b.syncClean();
    await expectEqualsServer(a, b);
  });

  it('abandoning the Dexie instance mid-push loses and doubles nothing', async () => {
    const a = device();
    const b = device();
    // More than one push batch, so the crash lands after a batch was already settled.
    const entries: OutboxEntry[] = [];
    const created = pushBatchMax + 20;
    for (let i = 0; i < created; i += 1) entries.push(await createCategory(a, `Part ${i}`));
    const renamed = await a.run('updateCategory', { id: entries[0]!.args.id, name: 'Part zero' });
    const removed = await a.run('deleteCategory', { id: entries[1]!.args.id });
    entries.push(renamed, removed);

    a.net.interceptNext(async ({ forward }) => forward()); // the first batch goes through
    a.net.interceptNext(async ({ forward }) => {
      // The second batch is in flight when the tab dies: its Dexie closes under the engine.
      const answer = await forward();
      a.db.close();
      return answer;
    });
    const crash = await a.trySync();
    expect(crash).toBeInstanceOf(Error);
    expect((crash as Error).name).toBe('DatabaseClosedError');
    for (const entry of entries) expect(await appliedCount(entry.id), entry.name).toBe(1);

    a.abandonAndReopen();
    expect(await a.outboxSize()).toBe(entries.length - pushBatchMax); // the settled first batch is gone
    await a.syncClean();

    expect(await a.outboxSize()).toBe(0);
    expect(await a.db.problems.count()).toBe(0);
    for (const entry of entries) expect(await appliedCount(entry.id)).toBe(1);
    for (const entry of entries.slice(0, created)) expect(await categoryRows(entry.args.id)).toBe(1);
    expect((await serverRow(entries[0]!.args.id))?.name).toBe('Part zero');
    expect(await serverRow(entries[1]!.args.id)).toBeUndefined();
    await b.syncClean();
    await expectEqualsServer(a, b);
  });

  it('abandoning the Dexie instance before the push reaches the server loses nothing', async () => {
    const a = device();
    const entries = [await createCategory(a, 'Horns'), await createCategory(a, 'Mirrors')];
    a.net.interceptNext(async () => {
      a.db.close();
      throw new TypeError('fetch failed (tab closed)');
    });
    expect(await a.trySync()).toBeInstanceOf(Error);
    for (const entry of entries) expect(await appliedCount(entry.id)).toBe(0);
    a.abandonAndReopen();
    expect(await a.outboxSize()).toBe(2);
    await a.syncClean();
    for (const entry of entries) expect(await appliedCount(entry.id)).toBe(1);
    await expectEqualsServer(a);
  });

  it('killing the server mid-push and restarting it on the same file loses and doubles nothing', async () => {
    const a = device();
    const b = device();
    await createCategory(b, 'Before the crash');
    await b.syncClean();
    const entries: OutboxEntry[] = [];
    for (let i = 0; i < 10; i += 1) entries.push(await createCategory(a, `Crash ${i}`));
    entries.push(await a.run('updateCategory', { id: entries[2]!.args.id, description: 'edited' }));
    entries.push(await a.run('deleteCategory', { id: entries[3]!.args.id }));
    const port = server.port;

    // The server dies after committing the first 4 mutations of the batch (each is its own
    // transaction); the device never gets an answer.
    a.net.interceptNext(async ({ init, forward }) => {
      const body = JSON.parse(String(init!.body)) as { clientId: string; mutations: unknown[] };
      const partial = await forward({ ...init, body: JSON.stringify({ ...body, mutations: body.mutations.slice(0, 4) }) });
      await partial.arrayBuffer();
      await server.kill();
      throw new TypeError('fetch failed (socket hang up)');
    });
    expect(await a.trySync()).toBeInstanceOf(Error);
    expect(server.running).toBe(false);
    // While it is down, syncing fails and keeps everything.
    expect(await a.trySync()).toBeInstanceOf(Error);
    expect(await a.outboxSize()).toBe(entries.length);

    await server.restart();
    expect(server.port).toBe(port);
    const committed = await Promise.all(entries.slice(0, 4).map(async (entry) => appliedCount(entry.id)));
    expect(committed).toEqual([1, 1, 1, 1]);
    for (const entry of entries.slice(4)) expect(await appliedCount(entry.id)).toBe(0);

    await a.syncClean();
    await b.syncClean();

    expect(await a.outboxSize()).toBe(0);
    expect(await a.db.problems.count()).toBe(0);
    for (const entry of entries) expect(await appliedCount(entry.id)).toBe(1);
    for (const entry of entries.slice(0, 10)) expect(await categoryRows(entry.args.id)).toBe(1);
    expect((await serverRow(entries[2]!.args.id))?.description).toBe('edited');
    expect(await serverRow(entries[3]!.args.id)).toBeUndefined();
    const ids = (await server.appliedMutations()).map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    await expectEqualsServer(a, b);
  });
});
