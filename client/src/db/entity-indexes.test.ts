import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from './db';
import { entities } from '@shared/entities';
import { syncedTables } from '@shared/sync/tables';

const specOf = (indexes: string) =>
  indexes
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Each entity declares the device's indexes of its table (shared/entities); db.ts's migrations must
 * reach exactly that. A declaration changed without a new db.version() (or the reverse) fails here.
 */
describe("the device's newest schema", () => {
  const db = createGarageDb('entity-indexes', { indexedDB: new IDBFactory(), IDBKeyRange });

  it.each(syncedTables.map((table) => [table]))('of %s is what its entity declares', (table) => {
    const schema = db.table(table).schema;
    expect([schema.primKey.src, ...schema.indexes.map((index) => index.src)]).toEqual(specOf(entities[table].deviceIndexes));
  });

  it('has a table for every entity', () => {
    expect(
      db.tables
        .map((table) => table.name)
        .filter((name) => name in entities)
        .sort(),
    ).toEqual([...syncedTables].sort());
  });
});
