import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from './db';
import { digitEndings, searchTokens, searchWordsFor } from './search-words';

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
    await db.customers.add({
      id: 'c1',
      version: 1,
      deleted: false,
      updatedAt: '',
      customerName: 'Nimal Fernando',
      phone: '0771234567',
      vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: 'CAB-9876', vin: '' }],
    });
    for (const typed of ['4567', '567', '1234', '876', '9876', 'cab']) {
      expect(await db.customers.where('searchWords').startsWith(typed).distinct().primaryKeys(), typed).toEqual(['c1']);
    }
    expect(await db.customers.where('searchWords').startsWith('45678').count()).toBe(0);
    db.close();
  });

  it('keeps whole values and words of the searched fields only', () => {
    expect(searchWordsFor('items', { itemName: 'Oil Filter', barcode: 'OF-100', description: 'ignored' })).toEqual([
      'oil filter',
      'oil',
      'filter',
      'of-100',
      'of',
      '100',
    ]);
    expect(searchWordsFor('items', { itemName: 'Bulb', barcode: '4791234' })).toEqual(['bulb', '4791234', '791234', '91234', '1234', '234']);
  });

  it('are maintained by add, put over an existing row, and update', async () => {
    const db = createGarageDb('words', { indexedDB: new IDBFactory(), IDBKeyRange });
    const base = { id: 'a', version: 1, deleted: false, updatedAt: '', barcode: 'X1' };
    await db.items.add({ ...base, itemName: 'Spark Plug' });
    expect(await db.items.where('searchWords').startsWith('spa').distinct().primaryKeys()).toEqual(['a']);
    await db.items.put({ ...base, itemName: 'Air Filter' });
    expect(await db.items.where('searchWords').startsWith('spa').count()).toBe(0);
    expect(await db.items.where('searchWords').startsWith('fil').distinct().primaryKeys()).toEqual(['a']);
    await db.items.update('a', { barcode: 'ZZ-9' });
    expect(await db.items.where('searchWords').equals('zz').primaryKeys()).toEqual(['a']);
    expect(await db.items.where('searchWords').equals('x1').count()).toBe(0);
    db.close();
  });
});
