import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { entities, plainEntityNames } from '@shared/entities';
import { exampleArgs } from '@shared/entities/plain-entity';
import { mutationDefs } from '@shared/mutations/definitions';
import type { SyncedTable } from '@shared/sync/tables';
import { entityMutationOf, restEntities } from '../src/routes/entity-routes';
import { makeTestServer, registerAndLogin, type Json, type TestServer } from './helpers';

// The plain REST routes run the entity's generic mutations, found by table and kind; every entity
// that declares `rest` has them, mounted by server/src/app.ts from the declarations (issue 48: a
// declared entity whose routes answered 404 passed every test). The spec's words of each entity's
// routes are tested over a socket in categories.test.ts and services.test.ts.
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

  it('every entity that declares REST routes is a plain one, and has its generic create, update and delete', () => {
    const declared = (Object.keys(entities) as SyncedTable[]).filter((table) => entities[table].rest);
    expect(restEntities.map((entity) => entity.name).sort()).toEqual(declared.sort());
    expect(declared.every((table) => (plainEntityNames as string[]).includes(table))).toBe(true);
    for (const table of declared) {
      for (const kind of ['create', 'update', 'delete'] as const) expect(mutationDefs[entityMutationOf(table, kind)].entity).toEqual({ table, kind });
    }
  });
});

describe("every declared entity's REST routes answer, with every declared field", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await makeTestServer();
    token = (await registerAndLogin(server)).token;
  });
  afterAll(() => server.close());

  it.each(restEntities.map((entity) => [entity.name, entity] as const))('%s', async (_name, entity) => {
    const rest = entity.rest!;
    const path = `/api/${rest.many}`;
    const args = exampleArgs(entity, randomUUID());
    const { id: _id, ...body } = args;
    const created = await server.request('POST', path, { token, body });
    expect(created.status, `POST ${path}: ${JSON.stringify(created.json)}`).toBe(201);
    const record = created.json[rest.one] as Json;
    // Each declared field comes back as it was sent: stored, and read back through the declaration.
    for (const [key, value] of Object.entries(body)) expect(record[key], `${entity.name}.${key}`).toEqual(value);

    const listed = await server.request('GET', path, { token });
    expect(listed.status, `GET ${path}`).toBe(200);
    expect((listed.json[rest.many] as Json[]).map((row) => row._id)).toContain(record._id);

    const updated = await server.request('PUT', `${path}/${String(record._id)}`, { token, body });
    expect(updated.status, `PUT ${path}/:id`).toBe(200);
    const removed = await server.request('DELETE', `${path}/${String(record._id)}`, { token });
    expect(removed.status, `DELETE ${path}/:id`).toBe(200);
  });
});
