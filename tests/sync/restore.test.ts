// Issue 6, defect 4: the server's database is restored from an older copy. Every device notices,
// keeps its unsent work, reloads from the restored server, and sends again what the restore lost;
// none keeps rows of the discarded history, and none misses rows made after the restore.
import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer } from './harness';

let server: TestServer | null = null;
let devices: Device[] = [];

afterEach(async () => {
  for (const d of devices) d.close();
  devices = [];
  await server?.stop();
  server = null;
});

const category = async (on: Device, name: string) => on.run('createCategory', { id: randomUUID(), name });
const names = (rows: { name?: unknown }[]) => rows.map((row) => String(row.name)).sort();

describe.each(['command', 'file copy'] as const)('a restore from a backup taken by %s', (method) => {
  it('is noticed by every device, which reloads and sends again what the restore lost', async () => {
    server = await TestServer.start();
    const random = new Random(method === 'command' ? 41 : 42);
    const a = new Device('tablet-a', server, random.fork());
    const b = new Device('tablet-b', server, random.fork());
    devices.push(a, b);

    // Before the backup: both devices hold the same catalogue.
    for (const name of ['Brakes', 'Filters', 'Lamps']) await category(a, name);
    await a.syncClean();
    await b.syncClean();
    const backup = await server.backup(method);

    // After the backup, work that the restore will lose: A's and B's, acknowledged and pulled by
    // both; and a category made through the REST API by some other client, which nobody re-sends.
    const lostOnA = await category(a, 'Tyres');
    await a.edit('updateCategory', (await a.db.categories.where('name').equals('Brakes').first())!.id, { description: 'Discs and pads' });
    await a.syncClean();
    const lostOnB = await category(b, 'Wipers');
    await b.syncClean();
    const apiOnly = await fetch(`${server.baseUrl}/api/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: server.token },
      body: JSON.stringify({ name: 'Made by an API client' }),
    });
    expect(apiOnly.status).toBe(201);
    await a.syncClean();
    await b.syncClean();
    expect(names(await a.db.categories.toArray())).toContain('Made by an API client');
    const cursorBefore = (await a.db.syncState.get('cursor'))!.value;

    // A works offline meanwhile: unsent work that must survive.
    a.net.offline = true;
    const unsent = await category(a, 'Seals');

    await server.restore(backup);
    expect((await server.liveCategories()).map((row) => row.name).sort()).toEqual(['Brakes', 'Filters', 'Lamps']);

    // After the restore, a new device writes enough that the version numbers the devices had seen
    // are given out again, to other rows: a cursor check by number alone would pass.
    const c = new Device('counter-pc', server, random.fork());
    devices.push(c);
    for (let i = 0; i < 8; i += 1) await category(c, `After restore ${i}`);
    await c.syncClean();
    expect(Number(cursorBefore.split(':')[1])).toBeLessThanOrEqual(Number((await c.db.syncState.get('cursor'))!.value.split(':')[1]));

    a.net.offline = false;
    for (let round = 0; round < 3; round += 1) for (const d of [a, b, c]) await d.syncClean();

    const expected = ['Brakes', 'Filters', 'Lamps', 'Tyres', 'Wipers', 'Seals', ...Array.from({ length: 8 }, (_, i) => `After restore ${i}`)].sort();
    expect((await server.liveCategories()).map((row) => row.name).sort()).toEqual(expected);
    expect((await server.liveCategories()).find((row) => row.name === 'Brakes')?.description).toBe('Discs and pads');
    // The API client's category belonged only to the discarded history: gone everywhere.
    for (const d of [a, b, c]) expect(await d.mirror(), d.name).toEqual(await server.mirror());
    // Sent again exactly once each; the unsent work went once too.
    for (const entry of [lostOnA, lostOnB, unsent]) expect((await server.appliedMutations()).filter((row) => row.id === entry.id)).toHaveLength(1);
    expect(await a.db.problems.count()).toBe(0);
    expect(await b.db.problems.count()).toBe(0);
  });
});

describe('a device that had not pulled since before the restore', () => {
  it('still learns of it through its acknowledged writes, and sends them again', async () => {
    server = await TestServer.start();
    const random = new Random(43);
    const a = new Device('tablet-a', server, random.fork());
    devices.push(a);
    await category(a, 'Hoses');
    await a.syncClean();
    const backup = await server.backup('command');

    // A pushes (the server acknowledges) but does not pull afterwards: its cursor stays in the
    // history both copies share.
    const pushed = await category(a, 'Pumps');
    await a.engine.push();
    await server.restore(backup);
    await a.syncClean();
    await a.syncClean();
    expect((await server.liveCategories()).map((row) => row.name).sort()).toEqual(['Hoses', 'Pumps']);
    expect((await server.appliedMutations()).filter((row) => row.id === pushed.id)).toHaveLength(1);
    expect(await a.mirror()).toEqual(await server.mirror());
  });
});
