import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { inSnapshot } from '../src/db/prepared';
import { tableOf } from '../src/mutations/mutation-tx';
import { pullChanges, type PullPriority } from '../src/sync/pull';
import { currentVersion, nonceOf, serverId } from '../src/sync/versions';
import { priorityTables, syncedTables, type SyncedRow, type SyncedTable } from '@shared/sync/tables';
import { customerWithVehicle } from '../../tests/factories/customers';
import { makeTestServer, registerAndLogin, type TestServer } from './helpers';

// Issue 46, speed: a pull page is read as its versions first (one statement over every table's
// version index), then only the rows up to the page's last version. These pages must be the very
// pages the plain reading gave: each table's first pageSize + 1 rows, merged in version order, cut
// below the first table that filled its limit and at a version boundary after a full page.

let server: TestServer;
let token: string;
const clientId = `device-${randomUUID()}`;

beforeAll(async () => {
  server = await makeTestServer();
  token = (await registerAndLogin(server)).token;
  let seq = 0;
  const mutation = (name: string, args: unknown) => ({ id: randomUUID(), clientId, seq: ++seq, name, args, createdAt: new Date().toISOString() });
  const categories = [randomUUID(), randomUUID(), randomUUID()];
  const items: string[] = [];
  const batch = [
    ...categories.map((id, n) => mutation('createCategory', { id, name: `Page category ${n}` })),
    // An item with an opening stock: two rows of two tables at one version; then adjusted (two more).
    ...Array.from({ length: 12 }, (_, n) => {
      const id = randomUUID();
      items.push(id);
      return mutation('createItem', {
        id,
        itemName: `Page item ${n}`,
        barcode: `PP-${n}`,
        category: categories[n % 3],
        unitPrice: 100,
        costPrice: 50,
        stockQuantity: 3,
        reorderLevel: 1,
      });
    }),
    ...items.slice(0, 10).map((itemId) => mutation('adjustStock', { id: randomUUID(), itemId, quantity: 1, reason: 'received', note: 'x' })),
    // An estimate: several rows of one table (its lines) at one version, to cut a page inside.
    ...[5, 3].flatMap((lines, n) => {
      const customer = customerWithVehicle({ email: true });
      return [
        mutation('createCustomer', customer),
        mutation('createEstimate', {
          id: randomUUID(),
          estimateNumber: `EST-PAGE-${String(n + 1).padStart(5, '0')}`,
          customerId: customer.id,
          vehicleLicensePlate: customer.vehicles[0]!.licensePlate,
          vehicleMake: 'Toyota',
          vehicleModel: 'Aqua',
          currentMileage: 84_000,
          validUntil: '2026-12-31',
          notes: '',
          lines: Array.from({ length: lines }, (_, at) => ({ id: randomUUID(), kind: 'service', refId: null, name: `Line ${at}`, quantity: 1, unitPrice: 1000, warranty: '' })),
        }),
      ];
    }),
    mutation('updateCategory', { id: categories[0], name: 'Page category 0, renamed' }),
    mutation('createCategory', { id: randomUUID(), name: 'Page category late' }),
  ];
  const pushed = await server.call('POST', '/api/sync/push', token, { clientId, mutations: batch });
  const results = (pushed.json as { results: { status: string; message?: string }[] }).results;
  expect(results.filter((result) => result.status !== 'applied')).toEqual([]);
});
afterAll(() => server.close());

type Key = [SyncedTable, string, number];

/** Every synced table's rows, in version order (the data does not change after beforeAll). */
async function everyRow() {
  const all = new Map<SyncedTable, SyncedRow[]>();
  for (const table of syncedTables) {
    const t = tableOf(table);
    all.set(table, (await server.db.select().from(t).orderBy(asc(t.version)).all()) as SyncedRow[]);
  }
  return all;
}

/** The page as the plain reading made it, in memory: each table's first pageSize + 1 rows above its start. */
function expectedPage(every: Map<SyncedTable, SyncedRow[]>, from: number, pageSize: number, priority: PullPriority) {
  const tables = priority === 'only' ? priorityTables : syncedTables;
  const above = (table: SyncedTable, version: number) => (typeof priority === 'number' && priorityTables.includes(table) ? Math.max(version, priority) : version);
  const all = new Map(tables.map((table) => [table, every.get(table)!.filter((row) => row.version > above(table, from))]));
  let complete = Number.POSITIVE_INFINITY;
  const candidates: Key[] = [];
  for (const table of tables) {
    const rows = all.get(table)!.slice(0, pageSize + 1);
    if (rows.length > pageSize) complete = Math.min(complete, rows.at(-1)!.version);
    for (const row of rows) candidates.push([table, row.id, row.version]);
  }
  candidates.sort((a, b) => a[2] - b[2]);
  let changes = candidates.filter((change) => change[2] < complete);
  let hasMore = complete !== Number.POSITIVE_INFINITY;
  if (changes.length === 0 && hasMore) {
    changes = tables.flatMap((table) =>
      all
        .get(table)!
        .filter((row) => row.version === complete)
        .map((row): Key => [table, row.id, row.version]),
    );
    hasMore = tables.some((table) => all.get(table)!.some((row) => row.version > above(table, complete)));
  } else if (changes.length > pageSize) {
    let end = pageSize;
    while (end < changes.length && changes[end]![2] === changes[end - 1]![2]) end += 1;
    hasMore ||= end < changes.length;
    changes = changes.slice(0, end);
  }
  return { changes, hasMore };
}

describe('a pull page read from the version indexes first', () => {
  for (const priority of [undefined, 'only', 'mid'] as const) {
    it(`answers the plain reading's page from every version, at every page size (priority ${priority ?? 'none'})`, async () => {
      const newest = await currentVersion(server.db);
      const every = await everyRow();
      const asked: PullPriority = priority === 'mid' ? Math.floor(newest / 2) : priority;
      let rows = 0;
      for (let from = 0; from <= newest; from++) {
        const since = from === 0 ? '' : `${await serverId(server.db)}:${from}:${await nonceOf(server.db, from)}`;
        for (const pageSize of [1, 2, 3, 4, 5, 7, 11, 40, 1000]) {
          const page = await inSnapshot(server.db, (db) => pullChanges(db, since, pageSize, undefined, false, asked, { tables: syncedTables }));
          expect(page.reset).toBe(false);
          const expected = expectedPage(every, from, pageSize, asked);
          expect(
            page.changes.map((change): Key => [change.table, change.id, change.version]),
            `from ${from}, pages of ${pageSize}`,
          ).toEqual(expected.changes);
          expect(page.hasMore, `from ${from}, pages of ${pageSize}`).toBe(expected.hasMore);
          rows += page.changes.length;
        }
      }
      expect(rows).toBeGreaterThan(100);
    });
  }
});
