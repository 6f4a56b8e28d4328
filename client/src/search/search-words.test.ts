import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb, syncedTable } from '../db/db';
import Dexie from 'dexie';
import { onTableWrites } from '../db/derived-fields';
import { currentWord, digitEndings, searchTokens, searchWordsFor } from '@shared/domain/search-words';
import { queryPage } from './index';
import type { Table } from 'dexie';

/** The ids a search finds, as the lists ask for them. */
async function found(table: Table<never, string> | Table<{ id: string }, string>, search: string): Promise<string[]> {
  const result = await queryPage(table as Table<{ id: string }, string>, { search, page: 1, pageSize: 50 });
  return result.rows.map((row) => row.id);
}

describe('search words', () => {
  it.each([
    ['Oil Filter', ['oil', 'filter']],
    ['  BRAKE-pad 12 ', ['brake', 'pad', '12']],
    ['ann@garage.lk', ['ann', 'garage', 'lk']],
    ['', []],
  ])('tokens of %j', (text, tokens) => {
    expect(searchTokens(text)).toEqual(tokens);
  });

  it.each([
    ['0771234567', ['771234567', '71234567', '1234567', '234567', '34567', '4567', '567']],
    ['CAB-1234', ['234']],
    ['WP-12', []],
    ['4790000000017', ['790000000017', '90000000017', '0000000017', '000000017', '00000017', '0000017', '000017', '00017', '0017', '017']],
  ])('digit endings of %j', (value, endings) => {
    expect(digitEndings(value)).toEqual(endings);
  });

  it('finds a customer by the last digits of the phone or the plate', async () => {
    const db = createGarageDb('endings', { indexedDB: new IDBFactory(), IDBKeyRange });
    await syncedTable(db, 'customers').add({
      id: 'c1',
      version: 1,
      deleted: false,
      updatedAt: '',
      customerName: 'Nimal Fernando',
      phone: '0771234567',
      vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: 'CAB-9876', vin: '' }],
    });
    for (const typed of ['4567', '567', '1234', '876', '9876', 'cab']) {
      expect(await found(db.customers, typed), typed).toEqual(['c1']);
    }
    expect(await found(db.customers, '45678')).toEqual([]);
    db.close();
  });

  it('keeps whole values and words of the searched fields only', () => {
    expect(searchWordsFor('items', { itemName: 'Oil Filter', barcode: 'OF-100', description: 'ignored' })).toEqual(['oil filter', 'oil', 'filter', 'of-100', 'of', '100']);
    expect(searchWordsFor('items', { itemName: 'Bulb', barcode: '4791234' })).toEqual(['bulb', '4791234', '791234', '91234', '1234', '234']);
  });

  it('follow add, put over an existing row, and update (items: searched in memory, words not indexed)', async () => {
    const db = createGarageDb('words', { indexedDB: new IDBFactory(), IDBKeyRange });
    const base = { id: 'a', version: 1, deleted: false, updatedAt: '', barcode: 'X1' };
    await syncedTable(db, 'items').add({ ...base, itemName: 'Spark Plug' });
    expect(await found(db.items, 'spa')).toEqual(['a']);
    await syncedTable(db, 'items').put({ ...base, itemName: 'Air Filter' });
    expect(await found(db.items, 'spa')).toEqual([]);
    expect(await found(db.items, 'fil')).toEqual(['a']);
    await syncedTable(db, 'items').update('a', { barcode: 'ZZ-9' });
    expect(await found(db.items, 'zz')).toEqual(['a']);
    expect(await found(db.items, 'x1')).toEqual([]);
    expect(db.items.schema.idxByName.searchWords).toBeUndefined();
    db.close();
  });

  it('follow a bulkPut over existing rows (a pull page), a modify and a nested update, with sort keys', async () => {
    const db = createGarageDb('words-bulk', { indexedDB: new IDBFactory(), IDBKeyRange });
    const customer = (id: string, customerName: string, plate: string) => ({
      id,
      version: 1,
      deleted: false,
      updatedAt: '',
      customerName,
      phone: '0771234567',
      vehicles: [{ licensePlate: plate }],
    });
    await syncedTable(db, 'customers').bulkPut([customer('a', 'Nimal Perera', 'CAB-1234'), customer('b', 'Sunil Silva', 'WP-5678')] as never);
    await syncedTable(db, 'customers').bulkPut([customer('a', 'Kamal Perera', 'CAB-1234'), customer('b', 'Sunil Silva', 'WP-9999')] as never);
    expect(await found(db.customers, 'nimal')).toEqual([]);
    expect(await found(db.customers, 'kamal')).toEqual(['a']);
    expect(await found(db.customers, 'wp-9999')).toEqual(['b']);
    await syncedTable(db, 'customers')
      .where('id')
      .equals('b')
      .modify((row: Record<string, unknown>) => void (row.customerName = 'Anura Silva'));
    expect(await db.customers.orderBy('sortKey').primaryKeys()).toEqual(['b', 'a']); // 'anura silva' < 'kamal perera'
    await syncedTable(db, 'customers').update('a', { 'vehicles.0.licensePlate': 'NB-4321' } as never);
    expect(await found(db.customers, 'nb-4321')).toEqual(['a']);
    expect(await found(db.customers, 'cab-1234')).toEqual([]);
    db.close();
  });

  it('are stored and indexed for job cards (their lists count filter words in IndexedDB), and kept by a put', async () => {
    const db = createGarageDb('words-jobs', { indexedDB: new IDBFactory(), IDBKeyRange });
    const job = { id: 'j', version: 1, deleted: false, updatedAt: '', jobNumber: 'JOB-0001', customerName: 'Nimal', status: 'Open' };
    await db.jobCards.put(job as never);
    expect(await db.jobCards.where('searchWords').equals('~current').primaryKeys()).toEqual(['j']);
    await db.jobCards.put({ ...job, status: 'Finished' } as never);
    expect(await db.jobCards.where('searchWords').equals('~current').count()).toBe(0);
    expect(await db.jobCards.where('searchWords').equals('~finished').primaryKeys()).toEqual(['j']);
    db.close();
  });

  it('of items stored under version 10 (indexed) are searched after the upgrade to 11 (not indexed), and follow a modify', async () => {
    const name = 'words-upgrade';
    const indexedDB = new IDBFactory();
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(10).stores({ items: 'id, itemName, barcode, categoryId, stockHundredths, *searchWords, sortKey' });
    await old.table('items').put({
      id: 'a',
      version: 1,
      deleted: false,
      updatedAt: '',
      itemName: 'Brake Pad',
      barcode: 'B1',
      searchWords: searchWordsFor('items', { itemName: 'Brake Pad', barcode: 'B1' }),
      sortKey: 'brake pad',
    });
    old.close();
    const db = createGarageDb(name, { indexedDB, IDBKeyRange });
    expect(await found(db.items, 'brake')).toEqual(['a']);
    expect(db.items.schema.idxByName.searchWords).toBeUndefined();
    await syncedTable(db, 'items')
      .where('id')
      .equals('a')
      .modify((row: Record<string, unknown>) => void (row.itemName = 'Disc Pad'));
    expect(await found(db.items, 'disc')).toEqual(['a']);
    expect(await found(db.items, 'brake')).toEqual([]);
    db.close();
  });

  it("tell a table's write listeners the keys written, before the write commits", async () => {
    const db = createGarageDb('words-listen', { indexedDB: new IDBFactory(), IDBKeyRange });
    const heard: (string[] | 'all')[] = [];
    const stop = onTableWrites('words-listen', 'items', (keys) => heard.push(keys));
    const base = { version: 1, deleted: false, updatedAt: '', barcode: 'X1', itemName: 'Plug' };
    await syncedTable(db, 'items').bulkPut([
      { ...base, id: 'a' },
      { ...base, id: 'b' },
    ]);
    await syncedTable(db, 'items').update('a', { itemName: 'Spark Plug' });
    await db.items.delete('b');
    await db.items.clear();
    await db.services.put({ id: 's', version: 1, deleted: false, updatedAt: '', name: 'Wash' } as never);
    stop();
    await syncedTable(db, 'items').put({ ...base, id: 'c' });
    expect(heard).toEqual([['a', 'b'], ['a'], ['b'], 'all']);
    db.close();
  });

  it.each([
    ['Open', ['~open', '~current']],
    ['Suspended', ['~suspended', '~current']],
    ['Finished', ['~finished']],
    [' finished ', ['~finished']],
    ['Cancelled', ['~cancelled']],
  ])('a %j job carries the filter words %j', (status, words) => {
    const all = searchWordsFor('jobCards', { jobNumber: 'JOB-0001', status }) ?? [];
    expect(all.filter((word) => word.startsWith('~'))).toEqual(words);
  });

  it('an upgrade from version 9 gives stored jobs their Current Jobs word', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('upgrade-current', { indexedDB, IDBKeyRange });
    old.version(9).stores({ jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey' });
    await old.table('jobCards').bulkAdd([
      { id: 'j1', status: 'Open', searchWords: ['~open'], sortKey: '' },
      { id: 'j2', status: 'Finished', searchWords: ['~finished'], sortKey: '' },
      { id: 'j3', status: 'Suspended', searchWords: ['~suspended'], sortKey: '' },
    ]);
    old.close();
    const db = createGarageDb('upgrade-current', { indexedDB, IDBKeyRange });
    expect(await db.jobCards.where('searchWords').equals(currentWord).primaryKeys()).toEqual(['j1', 'j3']);
    db.close();
  });
});
