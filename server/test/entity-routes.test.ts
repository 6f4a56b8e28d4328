import { describe, expect, it } from 'vitest';
import { entities } from '@shared/entities';
import { mutationDefs } from '@shared/mutations/definitions';
import type { SyncedTable } from '@shared/sync/tables';
import { entityMutationOf } from '../src/routes/entity-routes';

// The plain REST routes run the entity's generic mutations, found by table and kind (the routes
// themselves are tested over a socket in categories.test.ts and services.test.ts).
describe('the mutations a plain entity route runs', () => {
  it.each([
    ['categories', 'create', 'createCategory'],
    ['categories', 'update', 'updateCategory'],
    ['categories', 'delete', 'deleteCategory'],
    ['services', 'create', 'createService'],
    ['services', 'delete', 'deleteService'],
    ['customers', 'update', 'updateCustomer'],
  ] as const)('%s %s is %s', (table, kind, name) => {
    expect(entityMutationOf(table, kind)).toBe(name);
  });

  it.each([
    ['stockMovements', 'create'],
    ['items', 'create'], // createItem has an apply of its own (the opening stock): not a plain route
  ] as const)('%s has no generic %s, so no plain route can be made', (table, kind) => {
    expect(() => entityMutationOf(table, kind)).toThrow(`No generic ${kind} mutation for ${table}`);
  });

  it('finds every generic create, update and delete of each entity that declares REST routes', () => {
    const declared = (Object.keys(entities) as SyncedTable[]).filter((table) => entities[table].rest);
    expect(declared.sort()).toEqual(['categories', 'services']);
    for (const table of declared) {
      for (const kind of ['create', 'update', 'delete'] as const) expect(mutationDefs[entityMutationOf(table, kind)].entity).toEqual({ table, kind });
    }
  });
});
