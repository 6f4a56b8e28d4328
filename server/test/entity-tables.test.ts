import { describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { entities } from '@shared/entities';
import { syncedTables } from '@shared/sync/tables';
import { syncedTableObjects } from '../src/db/schema';

// The row types are compared at compile time (server/src/db/entity-tables.ts); the names here.
describe('the server stores each entity', () => {
  it.each(syncedTables.map((table) => [table]))('%s in the SQL table its entity names', (table) => {
    expect(getTableName(syncedTableObjects[table])).toBe(entities[table].sqlName);
  });

  it('and no synced table without an entity', () => {
    expect(Object.keys(syncedTableObjects).sort()).toEqual([...syncedTables].sort());
  });
});
