import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from './db';
import { searchTokens, searchWordsFor } from './search-words';

describe('search words', () => {
  it.each([
    ['Oil Filter', ['oil', 'filter']],
    ['  BRAKE-pad 12 ', ['brake', 'pad', '12']],
    ['ann@garage.lk', ['ann', 'garage', 'lk']],
    ['', []],
  ])('tokens of %j', (text, tokens) => {
    expect(searchTokens(text)).toEqual(tokens);
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
