import { describe, expect, it } from 'vitest';
import Dexie, { liveQuery } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb, derivedTables, syncedTable, type GarageDb } from './db';
import { countKeysOf, countsByStatus, totalCountKey, type JobCount } from './job-counts';

// Local times, so the days read the same in any time zone.
const local = (y: number, m: number, d: number, h = 10) => new Date(y, m - 1, d, h).toISOString();
const job = (id: string, dateIn: string, status: string) => ({ id, version: 1, deleted: false, updatedAt: '', jobNumber: `JOB-${id}`, dateIn, status });

async function counts(db: GarageDb): Promise<Record<string, number>> {
  const rows = await db.jobCounts.toArray();
  return Object.fromEntries(rows.filter((row) => row.jobs !== 0).map((row) => [row.key, row.jobs]));
}

/** Writes the way the sync code does: the job cards and the derived tables in one transaction. */
const write = (db: GarageDb, work: () => Promise<unknown>) => db.transaction('rw', [syncedTable(db, 'jobCards'), ...derivedTables(db)], work);
const open = (name: string, indexedDB = new IDBFactory()) => createGarageDb(name, { indexedDB, IDBKeyRange });

describe('job counts by day and status', () => {
  it.each([
    [job('a', local(2026, 11, 3), 'Open'), ['2026-11-03|Open', '*|Open']],
    // Just before and after local midnight: the local day, whatever the UTC date says.
    [job('a', local(2026, 11, 3, 0), 'Finished'), ['2026-11-03|Finished', '*|Finished']],
    [job('a', local(2026, 11, 2, 23), 'Suspended'), ['2026-11-02|Suspended', '*|Suspended']],
    [{ ...job('a', local(2026, 11, 3), 'Open'), deleted: true }, []],
    [job('a', 'not a date', 'Open'), []],
    [job('a', local(2026, 11, 3), ''), []],
    [undefined, []],
  ])('what %j counts under', (row, keys) => {
    expect(countKeysOf(row)).toEqual(keys);
  });

  const rows: JobCount[] = [
    { key: '2026-10-31|Finished', jobs: 4 },
    { key: '2026-11-01|Finished', jobs: 2 },
    { key: '2026-11-01|Open', jobs: 1 },
    { key: '2026-11-24|Suspended', jobs: 3 },
    { key: '2026-11-25|Open', jobs: 5 },
    { key: '2026-11-26|Open', jobs: 7 },
  ];
  it.each([
    ['a month', '2026-11-01', '2026-11-25', { Finished: 2, Open: 6, Suspended: 3 }],
    ['a day', '2026-11-25', '2026-11-25', { Open: 5 }],
    ['a week across a month change', '2026-10-27', '2026-11-01', { Finished: 6, Open: 1 }],
    ['a period without jobs', '2026-12-01', '2026-12-07', {}],
  ])('the counts of %s', (_, from, to, expected) => {
    expect(Object.fromEntries(countsByStatus(rows, from, to))).toEqual(expected);
  });

  it('follow creates, status moves, replaced rows, deletes and clears in the same transaction', async () => {
    const db = open('counts');
    await write(db, () =>
      syncedTable(db, 'jobCards').bulkPut([job('a', local(2026, 11, 3), 'Open'), job('b', local(2026, 11, 3), 'Open'), job('c', local(2026, 11, 4), 'Finished')]),
    );
    expect(await counts(db)).toEqual({ '2026-11-03|Open': 2, '2026-11-04|Finished': 1, '*|Open': 2, '*|Finished': 1 });
    // A job finished: it moves from Open to Finished on its check-in day.
    await write(db, () => syncedTable(db, 'jobCards').update('a', { status: 'Finished' }));
    expect(await counts(db)).toEqual({ '2026-11-03|Open': 1, '2026-11-03|Finished': 1, '2026-11-04|Finished': 1, '*|Open': 1, '*|Finished': 2 });
    // A pulled row that replaces one the device holds counts once, on its (new) day.
    await write(db, () => syncedTable(db, 'jobCards').put(job('b', local(2026, 11, 5), 'Suspended')));
    expect(await counts(db)).toEqual({ '2026-11-03|Finished': 1, '2026-11-04|Finished': 1, '2026-11-05|Suspended': 1, '*|Finished': 2, '*|Suspended': 1 });
    await write(db, () => syncedTable(db, 'jobCards').bulkDelete(['c', 'missing']));
    expect(await counts(db)).toEqual({ '2026-11-03|Finished': 1, '2026-11-05|Suspended': 1, '*|Finished': 1, '*|Suspended': 1 });
    await write(db, () => syncedTable(db, 'jobCards').clear());
    expect(await counts(db)).toEqual({});
    db.close();
  });

  it('are counted again after a write outside the sync code', async () => {
    const db = open('counts-stale');
    await write(db, () => syncedTable(db, 'jobCards').put(job('a', local(2026, 11, 3), 'Open')));
    await syncedTable(db, 'jobCards').put(job('b', local(2026, 11, 3), 'Open'));
    await expect.poll(() => counts(db)).toEqual({ '2026-11-03|Open': 2, '*|Open': 2 });
    db.close();
  });

  it('wake a live query that reads only the counts when a job moves', async () => {
    // liveQuery runs only where Dexie sees an indexedDB (Node has none of its own).
    Dexie.dependencies.indexedDB ??= new IDBFactory();
    Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;
    const db = open('counts-live');
    await write(db, () => syncedTable(db, 'jobCards').put(job('a', local(2026, 11, 3), 'Open')));
    const seen: (number | undefined)[] = [];
    const subscription = liveQuery(() => db.jobCounts.get(totalCountKey('Open'))).subscribe((row) => seen.push(row?.jobs));
    await expect.poll(() => seen.at(-1)).toBe(1);
    await write(db, () => syncedTable(db, 'jobCards').put(job('b', local(2026, 11, 4), 'Open')));
    await expect.poll(() => seen.at(-1)).toBe(2);
    await write(db, () => syncedTable(db, 'jobCards').update('a', { status: 'Finished' }));
    await expect.poll(() => seen.at(-1)).toBe(1);
    subscription.unsubscribe();
    db.close();
  });

  it('are counted from the job cards a device held before version 12', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('counts-upgrade', { indexedDB, IDBKeyRange });
    old.version(11).stores({ jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey, dateIn, finishedAt, [status+dateIn]' });
    await old.table('jobCards').bulkAdd([job('a', local(2026, 9, 3), 'Open'), job('b', local(2026, 9, 3), 'Finished'), job('c', local(2026, 10, 1), 'Open')]);
    old.close();
    const db = open('counts-upgrade', indexedDB);
    expect(await counts(db)).toEqual({ '2026-09-03|Open': 1, '2026-09-03|Finished': 1, '2026-10-01|Open': 1, '*|Open': 2, '*|Finished': 1 });
    db.close();
  });
});
