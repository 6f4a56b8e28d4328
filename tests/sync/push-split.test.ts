// Issue 24, point 1: the server takes at most maxPushRecords records in one push and answers a
// heavier push 413. The device fits its pushes to that bound, and when the server still answers
// 413 (a device whose bound is larger, as an older app's), it sends the same entries in smaller
// pushes until each lands: nothing is refused, nothing becomes a problem.
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { Random, freshServerEachTest, type Device } from './harness';
import { SyncEngine } from '@/sync/sync-engine';
import { invoices } from '@server/db/schema';
import { maxPushRecords } from '@shared/sync/messages';

const random = new Random(2026_1126);
const bed = freshServerEachTest(random);

/** Seven sales of 300 service lines: 302 records each, 2,114 in all, more than one push takes. */
async function queueSales(tablet: Device): Promise<void> {
  await tablet.ensureDeviceCode();
  for (let sale = 0; sale < 7; sale++) {
    const lines = Array.from({ length: 300 }, (_, i) => ({ kind: 'service' as const, refId: null, name: `Labour ${i}`, quantity: 1, unitPrice: 100 }));
    await tablet.sell({ lines });
  }
  const queued = await tablet.db.outbox.toArray();
  expect(queued.reduce((sum, entry) => sum + entry.touches.length, 0)).toBeGreaterThan(maxPushRecords);
}

/** An engine on the device's database whose pushes are watched: the status of each push answer. */
function watchedEngine(tablet: Device, budget?: number) {
  const statuses: number[] = [];
  const engine = new SyncEngine(
    tablet.db,
    {
      fetch: async (input, init) => {
        const response = await tablet.net.fetch(input, init);
        if (String(input).includes('/api/sync/push')) statuses.push(response.status);
        return response;
      },
      baseUrl: bed.server.baseUrl,
      getSession: () => ({ token: bed.server.admin.token, userId: bed.server.admin.author.id }),
    },
    budget,
  );
  return { engine, statuses };
}

describe('a device whose outbox holds more than one push may carry', () => {
  it('sends it in pushes the server takes: no 413, every sale applied', { timeout: 300_000 }, async () => {
    const tablet = bed.device('tablet');
    await queueSales(tablet);
    const { engine, statuses } = watchedEngine(tablet);
    await engine.sync();
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await tablet.db.outbox.count()).toBe(0);
    expect(await tablet.db.problems.count()).toBe(0);
    expect((await bed.server.db.select({ n: count() }).from(invoices).get())!.n).toBe(7);
  });

  it('answered 413 for a push too heavy, sends the same entries in smaller pushes until all land', { timeout: 300_000 }, async () => {
    const tablet = bed.device('tablet');
    await queueSales(tablet);
    const { engine, statuses } = watchedEngine(tablet, Number.POSITIVE_INFINITY);
    await engine.sync();
    expect(statuses[0]).toBe(413);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(1);
    expect(await tablet.db.outbox.count()).toBe(0);
    expect(await tablet.db.problems.count()).toBe(0);
    expect((await bed.server.db.select({ n: count() }).from(invoices).get())!.n).toBe(7);
  });

  it('keeps a sale answered 413 on its own queued, on screen, and sends it at the next sync', { timeout: 300_000 }, async () => {
    const tablet = bed.device('tablet');
    await tablet.ensureDeviceCode();
    const sale = await tablet.sell({ lines: [{ kind: 'service', refId: null, name: 'Wheel alignment', quantity: 1, unitPrice: 2_500 }] });
    // A proxy in the way answers 413 to every push of this sync, however small.
    let refusing = true;
    const engine = new SyncEngine(tablet.db, {
      fetch: async (input, init) =>
        refusing && String(input).includes('/api/sync/push')
          ? new Response(JSON.stringify({ success: false, message: 'Request Entity Too Large' }), { status: 413 })
          : tablet.net.fetch(input, init),
      baseUrl: bed.server.baseUrl,
      getSession: () => ({ token: bed.server.admin.token, userId: bed.server.admin.author.id }),
    });
    await engine.sync();
    expect(await tablet.db.problems.count()).toBe(0);
    expect((await tablet.db.outbox.toArray()).map((entry) => [entry.name, entry.waiting])).toEqual([['checkoutSale', 'Request Entity Too Large']]);
    expect(await tablet.db.table('invoices').get((sale.args as { id: string }).id)).toBeDefined();
    expect((await bed.server.db.select({ n: count() }).from(invoices).get())!.n).toBe(0);

    refusing = false;
    await engine.sync();
    expect(await tablet.db.outbox.count()).toBe(0);
    expect(await tablet.db.problems.count()).toBe(0);
    expect((await bed.server.db.select({ n: count() }).from(invoices).get())!.n).toBe(1);
  });
});
