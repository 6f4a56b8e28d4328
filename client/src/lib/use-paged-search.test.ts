import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie, { liveQuery, type Table } from 'dexie';
import { createGarageDb } from '../db/db';
import { searchTokens, searchWordsFor, sortKeyFor } from '../db/search-words';
import { queryPage, warmSearchIndex } from './use-paged-search';

interface Item {
  id: string;
  itemName: string;
  barcode: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

let dbCount = 0;
function makeDb() {
  const db = createGarageDb(`paged-${++dbCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  return { db, items: db.items as unknown as Table<Item, string> };
}

// A small seeded random, so a failure repeats.
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

const words = ['Oil', 'oil', 'Filter', 'Brake', 'Pad', 'Bosch', 'Denso', 'Spark', 'Plug', 'Éclair', 'air', 'Axio', '5W-30'];
function makeItems(count: number, seed = 1): Item[] {
  const next = random(seed);
  const pick = () => words[Math.floor(next() * words.length)]!;
  return Array.from({ length: count }, (_, i) => ({
    id: `id-${String(Math.floor(next() * 1e6)).padStart(6, '0')}-${i}`,
    itemName: `${pick()} ${pick()}${next() < 0.3 ? ` ${pick()}` : ''}`,
    barcode: `479${String(i).padStart(6, '0')}`,
    version: i + 1,
    deleted: false,
    updatedAt: '',
  }));
}

/** What a page must be: filter by word prefixes, order by the lower-cased sortKey (then id), slice. */
function expected(all: Item[], search: string, page: number, pageSize: number) {
  const tokens = searchTokens(search);
  const matches = all
    .filter((row) => {
      const rowWords = searchWordsFor('items', row as never) ?? [];
      return tokens.every((token) => rowWords.some((word) => word.startsWith(token)));
    })
    .map((row) => ({ row, key: sortKeyFor('items', row as never) }))
    .sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.row.id < b.row.id ? -1 : 1))
    .map(({ row }) => row);
  return { ids: matches.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id), total: matches.length };
}

const cases: [string, number][] = [
  ['', 1],
  ['', 3],
  ['', 7],
  ['oil', 1],
  ['oil', 2],
  ['o', 1],
  ['brake pad', 1],
  ['FIL', 1],
  ['5w', 1],
  ['éc', 1],
  ['xyz', 1],
  ['oil filter', 2],
  ['oil oil', 1],
  ['pad brake', 1],
  ['479000012', 1],
  ['0012', 1], // the last digits of a barcode
];

async function check(items: Table<Item, string>, all: Item[], pageSize = 10) {
  for (const [search, page] of cases) {
    const result = await queryPage(items, { search, page, pageSize });
    const want = expected(all, search, page, pageSize);
    expect({ search, page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ search, page, ...want });
  }
}

describe('queryPage', () => {
  it('answers the same from Dexie indexes (cold) and from the in-memory index (warm)', async () => {
    const { db, items } = makeDb();
    const all = makeItems(400);
    await items.bulkPut(all);
    await check(items, all); // cold: the IndexedDB paths (and a build starts in the background)
    await warmSearchIndex(items);
    await check(items, all); // warm: the in-memory index
    db.close();
  });

  it('follows puts, updates, deletes, big bulk writes and clears once warm', async () => {
    const { db, items } = makeDb();
    let all = makeItems(300, 7);
    await items.bulkPut(all);
    await warmSearchIndex(items);

    const added = { ...makeItems(1, 99)[0]!, id: 'new-1', itemName: 'Oil Cooler Line' };
    await items.put(added);
    all = [...all, added];
    await items.update(all[0]!.id, { itemName: 'Brake Pad Kit' });
    all = all.map((row, i) => (i === 0 ? { ...row, itemName: 'Brake Pad Kit' } : row));
    await items.delete(all[1]!.id);
    all = all.filter((_, i) => i !== 1);
    await check(items, all);

    // 60 rows in one bulkPut: Dexie reports a range, the index rebuilds.
    const more = makeItems(60, 3).map((row) => ({ ...row, id: `bulk-${row.id}` }));
    await items.bulkPut(more);
    all = [...all, ...more];
    await warmSearchIndex(items);
    await check(items, all);

    await items.clear();
    await check(items, []);
    db.close();
  });

  it('makes a live search re-run when a matching row is added anywhere in the table', async () => {
    // liveQuery runs only where Dexie sees an indexedDB (Node has none of its own).
    Dexie.dependencies.indexedDB ??= new IDBFactory();
    Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;
    const { db, items } = makeDb();
    await items.bulkPut(makeItems(200, 11));
    await warmSearchIndex(items);
    const seen: number[] = [];
    const subscription = liveQuery(() => queryPage(items, { search: 'cooler', page: 1, pageSize: 10 })).subscribe({
      next: (result) => seen.push(result.total),
    });
    await expect.poll(() => seen.at(-1)).toBe(0);
    await items.put({ ...makeItems(1, 5)[0]!, id: 'zz-cooler', itemName: 'Zeta Cooler' });
    await expect.poll(() => seen.at(-1)).toBe(1);
    await items.update('zz-cooler', { itemName: 'Zeta Radiator' });
    await expect.poll(() => seen.at(-1)).toBe(0);
    await items.bulkPut([{ ...makeItems(1, 6)[0]!, id: 'aa-cooler', itemName: 'Cooler Hose' }]);
    await expect.poll(() => seen.at(-1)).toBe(1);
    await items.delete('aa-cooler');
    await expect.poll(() => seen.at(-1)).toBe(0);
    subscription.unsubscribe();
    db.close();
  });
});

describe('queryPage under concurrent writes', () => {
  it('matches a reference after writes that race with the index build and with queries', async () => {
    const { db, items } = makeDb();
    let all = makeItems(3000, 21);
    await items.bulkPut(all.slice(0, 2000));
    // The first query starts the build; writes land while it reads its chunks and while queries run.
    const queries: Promise<unknown>[] = [queryPage(items, { search: '', page: 1, pageSize: 50 })];
    for (let start = 2000; start < 3000; start += 100) {
      const page = all.slice(start, start + 100);
      await db.transaction('rw', items, async () => {
        for (const row of page) await items.put(row);
      });
      queries.push(queryPage(items, { search: 'oil', page: 1, pageSize: 50 }));
    }
    await Promise.all(queries);
    const renamed = all.slice(0, 80).map((row, i) => ({ ...row, itemName: `Renamed ${String(i).padStart(3, '0')} Oil` }));
    for (const row of renamed) await items.put(row);
    all = [...renamed, ...all.slice(80)];
    await check(items, all, 50);
    await warmSearchIndex(items);
    await check(items, all, 50);
    db.close();
  });
});
