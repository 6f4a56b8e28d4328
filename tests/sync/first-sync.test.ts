// Issue 11: a new device's first sync announces how much is coming, keeps its progress beside its
// cursor, and, cut off halfway, resumes where it stopped instead of starting again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { Device, Random, TestServer } from './harness';
import { syncedTables } from '@shared/sync/tables';
import { downloadPercent, parseDownload } from '@/db/db';

let server: TestServer;
const random = new Random(20261123);

beforeAll(async () => {
  server = await TestServer.start();
});

afterAll(async () => {
  await server.stop();
});

/** Rows of every synced table the server holds: what a new device's first sync pulls. */
function serverRows(): number {
  return syncedTables.reduce((sum, table) => sum + (server.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${tableName(table)}`).get() as { n: number }).n, 0);
}
const tableName = (table: string) => table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

async function deviceRows(device: Device): Promise<number> {
  let sum = 0;
  for (const table of syncedTables) sum += await device.db.table(table).count();
  return sum;
}

describe('first sync', () => {
  it('cut off after its first page, it resumes from its cursor with its progress and ends complete', async () => {
    const shop = new Device('shop', server, random.fork());
    for (let i = 0; i < 1_150; i++) await shop.run('createCategory', { id: randomUUID(), name: `Category ${String(i).padStart(4, '0')}`, description: '' });
    await shop.syncClean();
    const total = serverRows();
    expect(total).toBeGreaterThan(1_000); // three pages of 500

    const tablet = new Device('tablet', server, random.fork());
    const pulls: { url: string; changes: number; remaining?: number }[] = [];
    const recordPull = () =>
      tablet.net.interceptNext(async ({ url, forward }) => {
        const response = await forward();
        const body = (await response.clone().json()) as { changes?: unknown[]; remaining?: number };
        pulls.push({ url, changes: body.changes?.length ?? 0, remaining: body.remaining });
        return response;
      });
    recordPull();
    // The Wi-Fi goes while the second page is asked for.
    tablet.net.interceptNext(async () => {
      tablet.net.offline = true;
      throw new TypeError('fetch failed (the Wi-Fi went)');
    });
    expect(await tablet.trySync()).toBeInstanceOf(Error);

    expect(pulls).toHaveLength(1);
    expect(pulls[0]!.url).toContain('count=1');
    expect(pulls[0]!.changes).toBe(500);
    expect(pulls[0]!.remaining).toBe(total - 500);
    expect(await deviceRows(tablet)).toBe(500);
    const progress = parseDownload((await tablet.db.syncState.get('download'))?.value);
    expect(progress).toEqual({ total, done: 500 });
    expect(downloadPercent(progress!)).toBe(Math.floor((500 / total) * 100));
    // The screens are told a download is under way, and that it is not once the pull has failed.
    expect(tablet.downloadingSaid).toEqual([true, false]);

    // Back online: the next pages only, from the stored cursor, not counted again.
    tablet.net.offline = false;
    for (let i = 0; i < 6; i++) recordPull();
    await tablet.syncClean();
    tablet.net.clearIntercepts();
    const resumed = pulls.slice(1);
    expect(resumed[0]!.url).not.toMatch(/since=(&|$)/);
    expect(resumed.some((pull) => pull.url.includes('count=1'))).toBe(false);
    expect(resumed.reduce((sum, pull) => sum + pull.changes, 0)).toBe(total - 500);
    expect(await deviceRows(tablet)).toBe(total);
    expect(await tablet.db.syncState.get('download')).toBeUndefined();
    // Each page but the last one of all (the open work's and the rest's follow the first part's end).
    expect(tablet.downloadingSaid.slice(2)).toEqual([true, true, true, false, false]);
    expect(await tablet.categories()).toEqual(await shop.categories());
    shop.close();
    tablet.close();
  });

  it('pulls the catalogue, the customers, the open jobs and the unpaid invoices first, even when the history is older, then the history, and ends equal to the server', async () => {
    const shop = new Device('shop-2', server, random.fork());
    const customer = await shop.run('quickCreateCustomer', {
      id: randomUUID(),
      customerName: 'Kasun Perera',
      phone: '0771234567',
      address: '12 Galle Road',
      email: '',
      vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: 'CAB-1001', vin: '' }],
    });
    // History first (older versions): 200 job cards, each a job, a line and a status change; 150
    // of them finished (a second status change), 10 suspended, 40 open.
    const jobIds: string[] = [];
    for (let i = 0; i < 200; i++) {
      jobIds.push(randomUUID());
      await shop.run('createJobCard', {
        id: jobIds[i]!,
        customerId: customer.args.id,
        vehicleLicensePlate: 'CAB-1001',
        vehicleMake: 'Toyota',
        vehicleModel: 'Aqua',
        currentMileage: 84_200 + i,
        dateIn: '2026-11-23',
        jobType: `Brake noise ${i}`,
        lines: [{ id: randomUUID(), kind: 'service', refId: null, name: 'Inspection', quantity: 1, unitPrice: 1000, warranty: '' }],
      });
    }
    // Sales: two paid in full and one that leaves 500 owed (an unpaid invoice, open work).
    await shop.ensureDeviceCode();
    const service = (price: number) => [{ kind: 'service' as const, refId: null, name: 'Labour', quantity: 1, unitPrice: price }];
    await shop.sell({ customerId: customer.args.id as string, lines: service(1000) });
    const owed = await shop.sell({ customerId: customer.args.id as string, lines: service(1500), tendered: 1000 });
    await shop.sell({ lines: service(800) });
    for (let i = 0; i < 160; i++) await shop.run('setJobCardStatus', { id: jobIds[i]!, status: i < 150 ? 'Finished' : 'Suspended', changeId: randomUUID() });
    for (let i = 0; i < 300; i++) await shop.run('createCategory', { id: randomUUID(), name: `Later category ${i}`, description: '' });
    await shop.syncClean();
    const expected = await server.mirror();
    const sales = expected.invoices.length + expected.invoiceLines.length + expected.payments.length;
    expect(sales).toBe(3 + 3 + 3);
    const history = expected.jobCards.length + expected.jobLines.length + expected.jobStatusChanges.length + sales;
    expect(history).toBe(200 + 200 + 200 + 160 + sales);
    const openIds = new Set(jobIds.slice(150));
    // The open work: 50 jobs (40 open, 10 suspended), their 50 lines and their 60 status changes;
    // the unpaid invoice, its line and its payment.
    const openWork = 50 + 50 + 50 + 10 + 3;

    const tablet = new Device('tablet-2', server, random.fork());
    const urls: string[] = [];
    // Every pull of the first two parts answers (the catalogue and customers, then the open work); the
    // Wi-Fi goes at the first request of the history.
    const pass = (): void =>
      tablet.net.interceptNext(async ({ url, forward }) => {
        urls.push(url);
        if (!url.includes('priority=only') && !url.includes('priority=open')) {
          tablet.net.offline = true;
          throw new TypeError('fetch failed (the Wi-Fi went)');
        }
        pass();
        return forward();
      });
    pass();
    expect(await tablet.trySync()).toBeInstanceOf(Error);
    tablet.net.clearIntercepts();
    expect(urls.at(-1)).toMatch(/priority=\d+/);
    // In that order: every request of the catalogue's part, then the open work's, then the history's.
    const partOf = (url: string) => (url.includes('priority=only') ? 0 : url.includes('priority=open') ? 1 : 2);
    expect(urls.map(partOf)).toEqual([...urls.map(partOf)].sort());
    expect(new Set(urls.map(partOf))).toEqual(new Set([0, 1, 2]));
    // Searchable already: every category and the customer, and of the history only the open and
    // suspended jobs, whole (their lines and status changes), for Current Jobs.
    expect(await tablet.db.categories.count()).toBe(expected.categories.length);
    expect(await tablet.db.customers.count()).toBe(expected.customers.length);
    expect(new Set((await tablet.db.jobCards.toArray()).map((job) => job.id))).toEqual(openIds);
    expect((await tablet.db.jobLines.toArray()).every((line) => openIds.has(line.jobCardId as string))).toBe(true);
    expect(await tablet.db.jobLines.count()).toBe(50);
    expect(await tablet.db.jobStatusChanges.count()).toBe(60);
    // and the unpaid invoice, whole, for the due list; not the paid ones.
    expect((await tablet.db.invoices.toArray()).map((invoice) => invoice.id)).toEqual([owed.args.id]);
    expect(await tablet.db.invoiceLines.count()).toBe(1);
    expect(await tablet.db.payments.count()).toBe(1);
    const progress = parseDownload((await tablet.db.syncState.get('download'))?.value)!;
    // The open work comes twice (first, then with the history), and the count says so.
    expect(progress.total).toBe(serverRows() + openWork);
    expect(progress.done).toBe(serverRows() - history + openWork);

    tablet.net.offline = false;
    await tablet.syncClean();
    expect(await tablet.mirror()).toEqual(expected);
    expect(await tablet.db.syncState.get('download')).toBeUndefined();
    expect(await tablet.db.syncState.get('priorityDone')).toBeUndefined();
    // Its cursor now stands at the server's newest version: the next pull brings nothing again.
    const again: number[] = [];
    tablet.net.interceptNext(async ({ forward }) => {
      const response = await forward();
      again.push(((await response.clone().json()) as { changes: unknown[] }).changes.length);
      return response;
    });
    await tablet.syncClean();
    expect(again).toEqual([0]);
    shop.close();
    tablet.close();
  });

  it('asks for each page once, and for the next one before the current one is written', async () => {
    const shop = new Device('shop-ahead', server, random.fork());
    for (let i = 0; i < 1_100; i++) await shop.run('createCategory', { id: randomUUID(), name: `Ahead ${String(i).padStart(4, '0')}`, description: '' });
    await shop.syncClean();
    const total = serverRows();
    const tablet = new Device('tablet-ahead', server, random.fork());
    // What happened, in order: each pull request as it leaves, each page's write as it commits.
    const events: string[] = [];
    const commits = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((part) => part.startsWith(`idb://${tablet.db.name}/categories/`))) events.push('write');
    };
    Dexie.on('storagemutated', commits);
    for (let i = 0; i < 20; i++) {
      tablet.net.interceptNext(async ({ url, forward }) => {
        if (url.includes('/api/sync/pull')) events.push(`pull ${new URL(url, 'http://x').search}`);
        return forward();
      });
    }
    await tablet.syncClean();
    tablet.net.clearIntercepts();
    Dexie.on('storagemutated').unsubscribe(commits);
    const pulls = events.filter((event) => event.startsWith('pull'));
    expect(new Set(pulls).size).toBe(pulls.length); // no page asked for twice
    expect(await deviceRows(tablet)).toBe(total);
    // The second request left before the first page's rows were written.
    const firstPageWritten = events.indexOf('write', events.indexOf(pulls[0]!));
    expect(firstPageWritten).toBeGreaterThan(0);
    expect(events.indexOf(pulls[1]!)).toBeLessThan(firstPageWritten);
    shop.close();
    tablet.close();
  });

  it('sends what is saved during a download between its pages, not after the last one, and ends equal to the server', async () => {
    const tablet = new Device('tablet-saves', server, random.fork());
    const requests: string[] = [];
    for (let i = 0; i < 30; i++) {
      tablet.net.interceptNext(async ({ url, forward }) => {
        requests.push(url.includes('/api/sync/push') ? 'push' : 'pull');
        return forward();
      });
    }
    // A category saved on the tablet while its first page is on the way.
    const id = randomUUID();
    tablet.net.duringNextRequest(async () => {
      await tablet.run('createCategory', { id, name: `Saved while downloading ${id.slice(0, 8)}`, description: '' });
    }, 'pull');
    expect(await tablet.trySync()).toBeNull();
    tablet.net.clearIntercepts();
    // One sync: the save reached the server, and more pages were pulled after it went.
    expect((await server.liveCategories()).some((category) => category.id === id)).toBe(true);
    const push = requests.indexOf('push');
    expect(push).toBeGreaterThan(0);
    expect(requests.slice(push + 1).filter((kind) => kind === 'pull').length).toBeGreaterThan(1);
    expect(await tablet.outboxSize()).toBe(0);
    await tablet.syncClean();
    expect(await tablet.mirror()).toEqual(await server.mirror());
    tablet.close();
  });

  it('an up-to-date device asks for the count and records no download', async () => {
    const device = new Device('up-to-date', server, random.fork());
    await device.syncClean();
    await device.syncClean();
    expect(await device.db.syncState.get('download')).toBeUndefined();
    device.close();
  });

  it.each([
    [{ total: 1000, done: 0 }, 0],
    [{ total: 1000, done: 420 }, 42],
    [{ total: 1000, done: 999 }, 99],
    [{ total: 1000, done: 1000 }, 99], // 100 only when the last page is in, and then it is gone
    [{ total: 0, done: 0 }, 0],
  ])('downloadPercent(%j) is %i', (progress, percent) => {
    expect(downloadPercent(progress)).toBe(percent);
  });
});
