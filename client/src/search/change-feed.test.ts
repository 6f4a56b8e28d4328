import { afterEach, describe, expect, it, vi } from 'vitest';
import { countBuildReads } from './count-item-queries.test-support';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { createGarageDb } from '../db/db';
import { searchWordsFor, sortKeyFor } from '@shared/domain/search-words';
import { changesChannelName, type ChangeMessage } from '../db/change-feed';
import { queryPage, warmSearchIndex } from './query-page';
import { WordIndex } from './word-index';

// Another tab is a second connection to the same database that this module does not see write
// (plain Dexie, no middleware), and a BroadcastChannel of its own that posts what its change feed would.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dbCount = 0;
const opened: { close(): void }[] = [];
afterEach(() => {
  for (const each of opened.splice(0)) each.close();
});

function makeDb() {
  const name = `feed-${++dbCount}`;
  const factory = new IDBFactory();
  const db = createGarageDb(name, { indexedDB: factory, IDBKeyRange });
  opened.push(db);
  return { db, name, factory };
}

const item = (id: string, itemName: string) => {
  const row = { id, itemName, barcode: '', version: 1, deleted: false, updatedAt: '' };
  return { ...row, searchWords: searchWordsFor('items', row as never), sortKey: sortKeyFor('items', row as never) };
};
const items = (count: number, prefix: string, name: (i: number) => string) => Array.from({ length: count }, (_, i) => item(`${prefix}-${String(i).padStart(5, '0')}`, name(i)));

async function otherTab(name: string, factory: IDBFactory) {
  const dexie = new Dexie(name, { indexedDB: factory, IDBKeyRange });
  await dexie.open();
  const channel = new BroadcastChannel(changesChannelName);
  opened.push(dexie, channel);
  return {
    async write(rows: ReturnType<typeof item>[], deleted: string[] = []) {
      await dexie.transaction('rw', 'items', async () => {
        await dexie.table('items').bulkPut(rows);
        await dexie.table('items').bulkDelete(deleted);
      });
      const message: ChangeMessage = { db: name, table: 'items', keys: [...rows.map((row) => row.id), ...deleted] };
      channel.postMessage(message);
    },
  };
}

describe("the change feed: other tabs' writes", () => {
  it("patches an index with another tab's first-sync pages (2,000 rows a transaction), not building it again", async () => {
    const { db, name, factory } = makeDb();
    const builds = countBuildReads(db);
    await db.items.bulkPut(items(500, 'a', (i) => `Brake Pad ${i}`) as never);
    await warmSearchIndex(db.items);
    const afterFirstBuild = builds();
    expect(afterFirstBuild).toBeGreaterThan(0);
    const other = await otherTab(name, factory);
    for (const page of [0, 1, 2]) {
      await other.write(items(2000, `p${page}`, (i) => `Oil Filter ${page} ${i}`));
      await sleep(10); // the next page's download
    }
    await expect.poll(async () => (await queryPage(db.items, { search: 'oil', page: 1, pageSize: 10 })).total).toBe(6000);
    const last = await queryPage(db.items, { search: 'filter 2 1999', page: 1, pageSize: 10 });
    expect(last.rows.map((row) => row.id)).toEqual(['p2-01999']);
    expect((await queryPage(db.items, { search: '', page: 1, pageSize: 10 })).total).toBe(6500);
    expect(builds() - afterFirstBuild, 'builds after the pages').toBe(0);
  });

  it("follows another tab's renames and deletes by the keys it posts", async () => {
    const { db, name, factory } = makeDb();
    await db.items.bulkPut(items(100, 'a', (i) => `Brake Pad ${i}`) as never);
    await warmSearchIndex(db.items);
    const other = await otherTab(name, factory);
    await other.write([item('a-00007', 'Spark Plug')], ['a-00008']);
    await expect.poll(async () => (await queryPage(db.items, { search: 'spark', page: 1, pageSize: 10 })).rows.map((row) => row.id)).toEqual(['a-00007']);
    expect((await queryPage(db.items, { search: 'brake', page: 1, pageSize: 10 })).total).toBe(98);
  });
});

describe("the change feed: this tab's writes, patched from the write itself", () => {
  // Reads of items by key (bulkGet, a patch reading rows back), not the page reads of a query.
  const countKeyReads = (db: ReturnType<typeof makeDb>['db']) => {
    let n = 0;
    db.use({
      stack: 'dbcore',
      name: 'count-key-reads',
      create: (down) => ({
        ...down,
        table: (table) => {
          const inner = down.table(table);
          return table === 'items' ? { ...inner, getMany: (request) => (n++, inner.getMany(request)) } : inner;
        },
      }),
    });
    return () => n;
  };

  it("patches the index with a first sync's pages as written, reading none of their rows back", async () => {
    const { db } = makeDb();
    await db.items.bulkPut(items(500, 'a', (i) => `Brake Pad ${i}`) as never);
    await warmSearchIndex(db.items);
    const reads = countKeyReads(db);
    for (const page of [0, 1, 2]) await db.items.bulkPut(items(2000, `p${page}`, (i) => `Oil Filter ${page} ${i}`) as never);
    await db.items.delete('a-00001');
    expect((await queryPage(db.items, { search: 'oil', page: 1, pageSize: 10 })).total).toBe(6000);
    expect((await queryPage(db.items, { search: 'filter 2 1999', page: 1, pageSize: 10 })).rows.map((row) => row.id)).toEqual(['p2-01999']);
    expect((await queryPage(db.items, { search: 'brake', page: 1, pageSize: 10 })).total).toBe(499);
    expect(reads(), 'rows read back by key').toBe(0);
  });

  it("collects a download's pages into few patches, and a query patches what is pending", async () => {
    const { db } = makeDb();
    await db.items.bulkPut(items(500, 'a', (i) => `Brake Pad ${i}`) as never);
    await warmSearchIndex(db.items);
    const patches = vi.spyOn(WordIndex.prototype, 'patched');
    try {
      // A first sync's pages, each told in slices as it is written, one after another: merged into
      // every entry each time, they held the page's thread 2.9 s of a first sync (issue 47).
      for (const page of [0, 1, 2, 3, 4, 5]) {
        const rows = items(1000, `p${page}`, (i) => `Oil Filter ${page} ${i}`);
        for (let at = 0; at < rows.length; at += 250) await db.items.bulkPut(rows.slice(at, at + 250) as never);
        await sleep(0);
      }
      expect(patches.mock.calls.length, 'patches while the pages came').toBeLessThanOrEqual(2);
      expect((await queryPage(db.items, { search: 'oil', page: 1, pageSize: 10 })).total).toBe(6000);
      expect((await queryPage(db.items, { search: 'filter 5 999', page: 1, pageSize: 10 })).rows.map((row) => row.id)).toEqual(['p5-00999']);
    } finally {
      patches.mockRestore();
    }
  });

  it('reads back the rows of a write that was undone', async () => {
    const { db } = makeDb();
    await db.items.bulkPut(items(20, 'a', (i) => `Brake Pad ${i}`) as never);
    await warmSearchIndex(db.items);
    await db
      .transaction('rw', db.items, async () => {
        await db.items.put(item('a-00003', 'Spark Plug') as never);
        await db.items.put(item('new', 'Spark Coil') as never);
        await db.items.add(item('a-00004', 'Taken') as never); // its key is taken: the transaction is undone
      })
      .catch(() => undefined);
    await expect.poll(async () => (await queryPage(db.items, { search: 'spark', page: 1, pageSize: 10 })).total).toBe(0);
    expect((await queryPage(db.items, { search: 'brake', page: 1, pageSize: 10 })).total).toBe(20);
  });

  it('reads back the rows an add refused without undoing the rest', async () => {
    const { db } = makeDb();
    await db.items.bulkPut(items(20, 'a', (i) => `Brake Pad ${i}`) as never);
    await warmSearchIndex(db.items);
    // a-00004 is taken: that one add fails, the other is stored (a BulkError, nothing undone).
    await db.items.bulkAdd([item('a-00004', 'Taken Coil'), item('new', 'Spark Coil')] as never).catch(() => undefined);
    await expect.poll(async () => (await queryPage(db.items, { search: 'coil', page: 1, pageSize: 10 })).rows.map((row) => row.id)).toEqual(['new']);
    expect((await queryPage(db.items, { search: 'brake', page: 1, pageSize: 10 })).total).toBe(20);
  });
});

describe("the change feed: this tab's writes, told to the others", () => {
  async function listen() {
    const channel = new BroadcastChannel(changesChannelName);
    opened.push(channel);
    const seen: ChangeMessage[] = [];
    channel.onmessage = (event: MessageEvent<ChangeMessage>) => seen.push(event.data);
    return seen;
  }

  it("posts each transaction's keys once it has completed, and nothing for one that aborted", async () => {
    const { db, name } = makeDb();
    const seen = await listen();
    await db.transaction('rw', db.items, async () => {
      await db.items.bulkPut(items(3, 'x', (i) => `Oil ${i}`) as never);
      await db.items.delete('x-00001');
    });
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ db: name, table: 'items', keys: ['x-00000', 'x-00001', 'x-00002'] });

    await db
      .transaction('rw', db.items, async () => {
        await db.items.put(item('y', 'Never') as never);
        throw new Error('aborted on purpose');
      })
      .catch(() => undefined);
    await db.items.clear();
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toEqual({ db: name, table: 'items', keys: 'all' });
  });

  it('posts nothing for tables that are not searched', async () => {
    const { db } = makeDb();
    const seen = await listen();
    await db.syncState.put({ key: 'cursor', value: '1' } as never);
    await db.items.put(item('z', 'Zeta') as never);
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.table).toBe('items');
  });
});
