import { describe, expect, it, vi } from 'vitest';
import { countBuildReads, countItemQueries } from './count-item-queries.test-support';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie, { liveQuery, type Table } from 'dexie';
import { createGarageDb } from '../db/db';
import { searchTokens, searchWordsFor, sortKeyFor } from '@shared/domain/search-words';
import { queryPage, warmSearchIndex } from './query-page';

interface Item {
  id: string;
  itemName: string;
  barcode: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  ['rake', 1], // inside 'brake', at no word's start: no match
  ['il', 1], // inside 'oil' and 'éclair', at no word's start
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

  it('builds in chunks of 200 merged in sort order: every page of 2,600 rows as a sort of them gives', async () => {
    const { db, items } = makeDb();
    const all = makeItems(2600, 7); // three chunks by id, each sorted, then merged
    await items.bulkPut(all);
    await warmSearchIndex(items);
    const pageSize = 100;
    for (let page = 1; page <= 26; page++) {
      const result = await queryPage(items, { search: '', page, pageSize });
      expect({ page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ page, ...expected(all, '', page, pageSize) });
    }
    for (const search of ['oil', 'brake pad', '0012']) {
      const result = await queryPage(items, { search, page: 2, pageSize: 25 });
      expect({ search, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ search, ...expected(all, search, 2, 25) });
    }
    db.close();
  });

  it('reads more rows a request while its reads wait (behind a download), 200 a request while they do not', async () => {
    const readsOf = async (slow: boolean) => {
      const { db, items } = makeDb();
      const all = makeItems(2600, 9);
      const reads = countItemQueries(db, () => true);
      await items.bulkPut(all);
      // Every read seems to take 200 ms (slow: the clock moves 200 ms each time it is read) or 1 ms.
      let clock = 0;
      const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += slow ? 200 : 1));
      try {
        await warmSearchIndex(items);
      } finally {
        now.mockRestore();
      }
      const buildReads = reads();
      for (const page of [1, 13, 26]) {
        const result = await queryPage(items, { search: '', page, pageSize: 100 });
        expect({ page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ page, ...expected(all, '', page, 100) });
      }
      db.close();
      return buildReads;
    };
    expect(await readsOf(false)).toBe(14); // 13 full reads of 200, then one finding nothing more
    expect(await readsOf(true)).toBe(4); // 200, 400, 800, then 1,600 asked and 1,200 found
  });

  it('answers every kind of page before its index is built: the first ones in one read, deeper ones by cursor, the last ones backwards', async () => {
    const factory = new IDBFactory();
    const name = `paged-${++dbCount}`;
    const first = createGarageDb(name, { indexedDB: factory, IDBKeyRange });
    const all = makeItems(2600, 3);
    await first.items.bulkPut(all as never[]);
    // 1, 2, 10: within the first 500 rows; 11, 25: deeper, from the start; 27, 52: from the end.
    for (const page of [1, 2, 10, 11, 25, 27, 52]) {
      // A new instance has no in-memory index: its first query takes the IndexedDB paths.
      const cold = createGarageDb(name, { indexedDB: factory, IDBKeyRange });
      const result = await queryPage(cold.items as unknown as Table<Item, string>, { search: '', page, pageSize: 50 });
      expect({ page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ page, ...expected(all, '', page, 50) });
      cold.close();
    }
    first.close();
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

    // 60 rows in one bulkPut: Dexie's change event reports the whole range; this tab told the keys, so it is patched.
    const more = makeItems(60, 3).map((row) => ({ ...row, id: `bulk-${row.id}` }));
    await items.bulkPut(more);
    all = [...all, ...more];
    await warmSearchIndex(items);
    await check(items, all);

    await items.clear();
    await check(items, []);
    db.close();
  });

  it("patches a built index with a first sync's pages (2,000 rows a transaction) instead of building it again", async () => {
    const { db, items } = makeDb();
    // Reads of many rows by primary key: only a build makes them (a query's watch reads 1).
    const builds = countBuildReads(db);
    let all = makeItems(500, 11);
    await items.bulkPut(all);
    await warmSearchIndex(items);
    const afterFirstBuild = builds();
    expect(afterFirstBuild).toBeGreaterThan(0);
    for (const page of [0, 1, 2]) {
      const rows = makeItems(2000, 20 + page).map((row) => ({ ...row, id: `page${page}-${row.id}` }));
      await db.transaction('rw', items, () => items.bulkPut(rows));
      all = [...all, ...rows];
      await sleep(10); // the next page's download
    }
    await check(items, all);
    expect(builds() - afterFirstBuild, 'builds after the pages').toBe(0);
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

interface Job {
  id: string;
  jobNumber: string;
  customerName: string;
  customerPhone: string;
  vehicleLicensePlate: string;
  status: 'Open' | 'Suspended' | 'Finished';
  dateIn: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

function makeJobs(count: number, seed = 1): Job[] {
  const next = random(seed);
  const names = ['Nimal Perera', 'Kamal Silva', 'Saman Fernando', 'Dilini Perera'];
  return Array.from({ length: count }, (_, i) => ({
    id: `job-${String(Math.floor(next() * 1e6)).padStart(6, '0')}-${i}`,
    jobNumber: `JOB-${String(i + 1).padStart(4, '0')}`,
    customerName: names[Math.floor(next() * names.length)]!,
    customerPhone: `07${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
    vehicleLicensePlate: `CA${String.fromCharCode(65 + (i % 26))}-${String(i % 10000).padStart(4, '0')}`,
    status: next() < 0.9 ? 'Finished' : next() < 0.7 ? 'Open' : 'Suspended',
    // Some jobs share a moment: ties sort by id.
    dateIn: new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 2000) * 3600_000).toISOString(),
    version: i + 1,
    deleted: false,
    updatedAt: '',
  }));
}

/** Finished Jobs as it must be: the finished jobs matching the words, newest first (sortKey, then id); any jobs with no filter (Job History). */
function expectedFinished(all: Job[], search: string, page: number, pageSize: number, filter: string[] = ['~finished']) {
  const tokens = [...searchTokens(search), ...filter];
  const matches = all
    .filter((row) => {
      const rowWords = searchWordsFor('jobCards', row as never) ?? [];
      return tokens.every((token) => rowWords.some((word) => word.startsWith(token)));
    })
    .map((row) => ({ row, key: sortKeyFor('jobCards', row as never) }))
    .sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.row.id < b.row.id ? -1 : 1))
    .map(({ row }) => row);
  return { ids: matches.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id), total: matches.length };
}

/**
 * Jobs saved on a device, and new instances of its database to query them (`cold`: no in-memory
 * index yet, so the first query starts the build and takes the IndexedDB paths).
 */
async function savedJobs(count: number, seed: number) {
  const factory = new IDBFactory();
  const name = `saved-jobs-${++dbCount}`;
  const first = createGarageDb(name, { indexedDB: factory, IDBKeyRange });
  const all = makeJobs(count, seed);
  await first.jobCards.bulkPut(all as never[]);
  const cold = () => {
    const db = createGarageDb(name, { indexedDB: factory, IDBKeyRange });
    return { db, jobs: db.jobCards as unknown as Table<Job, string> };
  };
  return { all, cold, close: () => first.close() };
}

describe('queryPage of a search with many matches before its index is built (Job History)', () => {
  // 12,000 jobs of four customers. While the index builds: 'perera' (about 6,000 jobs), 'nimal' (3,000
  // jobs, 6,000 entries of the words index: 'nimal' and 'nimal perera') and 'kamal silva' through its
  // first word have their rows read in one request (up to 8,000 entries); 'ca' starts two words of every job (its plate,
  // 'CAA-0001', and 'caa'): too many entries and too many matches, so a page near either end is read
  // along the sort index and a deeper one waits for the build; 'job caa' (about 460 jobs) has too
  // many entries for its first word, so the intersection of the two words' keys is read by key.
  type Path = 'alongSortIndex' | 'byKey' | 'wordRows';
  it.each([
    ['ca', 'a page near either end along the sort index, a deeper one by the build', 'alongSortIndex'],
    ['perera', "every page from one read of the word's rows", 'wordRows'],
    ['nimal', "every page from one read of the word's rows", 'wordRows'],
    ['kamal silva', "every page from one read of the first word's rows, checked for the second", 'wordRows'],
    ['job caa', 'every page read by key and sorted here', 'byKey'],
  ] as [string, string, Path][])("'%s': %s, each as the index would answer", async (search, _, path) => {
    const saved = await savedJobs(12_000, 7);
    const { all } = saved;
    const total = expectedFinished(all, search, 1, 50, []).total;
    const last = Math.ceil(total / 50);
    expect(total).toBeGreaterThan({ alongSortIndex: 8000, wordRows: 2000, byKey: 200 }[path]);
    for (const [page, nearAnEnd] of [
      [1, true],
      [2, true],
      [Math.floor(last / 2), false],
      [last - 1, true],
      [last, true],
    ] as const) {
      const { db: cold, jobs } = saved.cold();
      // Which path answered: every match read by key, whole reads along the sort index, or the rows of a word.
      const byKey = vi.spyOn(jobs, 'bulkGet');
      const alongSortIndex = vi.spyOn(jobs, 'orderBy');
      const words = vi.spyOn(jobs, 'where');
      const result = await queryPage(jobs, { search, page, pageSize: 50 });
      expect({ page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ page, ...expectedFinished(all, search, page, 50, []) });
      expect({ page, byKey: byKey.mock.calls.some(([keys]) => keys.length === total) }).toEqual({ page, byKey: path === 'byKey' });
      expect({ page, alongSortIndex: alongSortIndex.mock.calls.some(([index]) => index === 'sortKey') }).toEqual({ page, alongSortIndex: path === 'alongSortIndex' && nearAnEnd });
      // Reads of the words index: the first word's rows (wordRows), or that read refused as too many
      // and then each word's keys (the other paths: one word for 'ca', two for 'job caa').
      const wordReads = words.mock.calls.filter(([index]) => (index as unknown) === 'searchWords').length;
      expect({ page, wordReads }).toEqual({ page, wordReads: { wordRows: 1, alongSortIndex: 2, byKey: 3 }[path] });
      await warmSearchIndex(jobs);
      const warm = await queryPage(jobs, { search, page, pageSize: 50 });
      expect({ page, ids: warm.rows.map((row) => row.id), total: warm.total }).toEqual({ page, ...expectedFinished(all, search, page, 50, []) });
      cold.close();
    }
    saved.close();
  });
});

describe('the index build beside a screen', () => {
  it("issues no read while a search's reads are under way, and carries on after them", async () => {
    const saved = await savedJobs(3000, 11);
    const { all } = saved;
    const { db: cold, jobs } = saved.cold();
    // Every read of rows, as it starts and as it ends: the search's (along the words index) and the
    // build's (the whole table, from an id on).
    const reads: string[] = [];
    const toArray = cold.Collection.prototype.toArray;
    vi.spyOn(cold.Collection.prototype, 'toArray').mockImplementation(async function (this: { _ctx: { index: string } }) {
      const who = this._ctx.index === 'searchWords' ? 'search' : 'build';
      reads.push(`${who} asks`);
      const rows = await (toArray as (this: unknown) => Promise<unknown[]>).call(this);
      reads.push(`${who} has`);
      return rows;
    } as never);
    const result = await queryPage(jobs, { search: 'kamal', page: 1, pageSize: 50 });
    expect(result.total).toBe(expectedFinished(all, 'kamal', 1, 50, []).total);
    // The search's one read of the word's rows; no build read asked while it is under way.
    const asked = reads.indexOf('search asks');
    const had = reads.indexOf('search has');
    expect(reads.filter((read) => read === 'search asks')).toHaveLength(1);
    expect(reads.slice(asked, had + 1).filter((read) => read === 'build asks')).toEqual([]);
    await warmSearchIndex(jobs);
    expect(reads.filter((read) => read === 'build asks').length).toBeGreaterThan(1);
    cold.close();
    saved.close();
  });
});

describe('the next pages of a search while the index builds', () => {
  it("read only their own rows, until a change drops the search's kept order", async () => {
    const saved = await savedJobs(12_000, 13);
    const { all } = saved;
    const { db: cold, jobs } = saved.cold();
    const words = vi.spyOn(jobs, 'where');
    const wordReads = () => words.mock.calls.filter(([index]) => (index as unknown) === 'searchWords').length;
    const page = async (jobsNow: Job[], n: number) => {
      const result = await queryPage(jobs, { search: 'kamal', page: n, pageSize: 50 });
      expect({ n, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ n, ...expectedFinished(jobsNow, 'kamal', n, 50, []) });
    };
    await page(all, 1);
    expect(wordReads()).toBe(1);
    await page(all, 2);
    await page(all, 3);
    expect(wordReads()).toBe(1); // pages 2 and 3: their rows by key, in the kept order
    // A Kamal job becomes Saman's: the kept order goes with it, and page 1 is read again and right.
    const moved = expectedFinished(all, 'kamal', 1, 50, []).ids[0]!;
    await jobs.update(moved, { customerName: 'Saman Fernando' });
    await page(
      all.map((job) => (job.id === moved ? { ...job, customerName: 'Saman Fernando' } : job)),
      1,
    );
    expect(wordReads()).toBeGreaterThan(1);
    cold.close();
    saved.close();
  });
});

describe('queryPage with a filter word (Finished Jobs)', () => {
  const finished = ['~finished'];

  it('answers the same pages before its index is built (near either end: read along the sort index; deeper: it waits for the build) and after', async () => {
    const saved = await savedJobs(5000, 5);
    const { all } = saved;
    const total = expectedFinished(all, '', 1, 25).total;
    const last = Math.ceil(total / 25);
    // 1, 2, 41: from the start; last - 1, last: from the end; the middle one waits for the index.
    const pages = [1, 2, 41, Math.floor(last / 2), last - 1, last];
    for (const page of pages) {
      const { db: cold, jobs } = saved.cold();
      const result = await queryPage(jobs, { search: '', page, pageSize: 25, filter: finished });
      expect({ page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ page, ...expectedFinished(all, '', page, 25) });
      await warmSearchIndex(jobs);
      const warm = await queryPage(jobs, { search: '', page, pageSize: 25, filter: finished });
      expect({ page, ids: warm.rows.map((row) => row.id), total: warm.total }).toEqual({ page, ...expectedFinished(all, '', page, 25) });
      cold.close();
    }
    saved.close();
  });

  it('counts the table once, not on every page, while its index is being built; again after a change', async () => {
    const saved = await savedJobs(5000, 7);
    const { all } = saved;
    const { db: cold, jobs } = saved.cold();
    const counted = vi.spyOn(jobs, 'count');
    // Page after page at once, as Next and Prev are clicked while the build of 5,000 rows runs.
    for (const page of [1, 2, 3, 2, 1]) {
      const result = await queryPage(jobs, { search: '', page, pageSize: 50 });
      expect(result.total).toBe(5000);
    }
    expect(counted).toHaveBeenCalledTimes(1);
    await jobs.delete(all[0]!.id);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = await queryPage(jobs, { search: '', page: 1, pageSize: 50 });
    expect(after.total).toBe(4999);
    cold.close();
    saved.close();
  });

  it('drops the remembered matches when a job moves, arrives or goes', async () => {
    const db = createGarageDb(`jobs-${++dbCount}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const jobs = db.jobCards as unknown as Table<Job, string>;
    let all = makeJobs(300, 9);
    await jobs.bulkPut(all);
    await warmSearchIndex(jobs);
    const check = async () => {
      for (const [search, page] of [
        ['', 1],
        ['', 2],
        ['perera', 1],
        ['perera', 2],
        ['', 1],
      ] as const) {
        const result = await queryPage(jobs, { search, page, pageSize: 25, filter: finished });
        expect({ search, page, ids: result.rows.map((row) => row.id), total: result.total }).toEqual({ search, page, ...expectedFinished(all, search, page, 25) });
      }
    };
    await check();
    const open = all.find((job) => job.status === 'Open')!;
    await jobs.update(open.id, { status: 'Finished' });
    const done = all.find((job) => job.status === 'Finished' && job.customerName.endsWith('Perera'))!;
    await jobs.update(done.id, { status: 'Open' });
    all = all.map((job) => (job.id === open.id ? { ...job, status: 'Finished' } : job.id === done.id ? { ...job, status: 'Open' } : job));
    await check();
    const added = { ...makeJobs(1, 77)[0]!, id: 'zz-new', status: 'Finished' as const, customerName: 'Ruwan Perera', dateIn: '2030-01-01T00:00:00.000Z' };
    await jobs.put(added);
    await jobs.delete(all[3]!.id);
    all = [...all.filter((_, i) => i !== 3), added];
    await check();
    db.close();
  });
});
