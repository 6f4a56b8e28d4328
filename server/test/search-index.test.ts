import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUserWithRole, login, makeTestServer, type TestServer } from './helpers';
import { matchingPage, searchForDownload } from '../src/sync/search';
import { searchIndexHeld, warmSearchIndexes } from '../src/sync/search-index';
import { items } from '../src/db/schema';
import { customerBody, itemBody } from '../../tests/factories';

// The searches' words kept in memory (server/src/sync/search-index.ts) follow every write: a new row,
// a renamed one, a deleted one, between two searches of the same index.
let server: TestServer;
let adminToken: string;
let categoryId: string;

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await server.userWithRole('Admin')).token;
  categoryId = (await server.call('POST', '/api/categories', adminToken, { name: 'Parts', description: '' })).json.category._id;
});

afterAll(() => server.close());

const add = async (itemName: string, barcode: string) => (await server.call('POST', '/api/items', adminToken, itemBody(categoryId, { itemName, barcode }))).json.item._id as string;
const names = async (search: string) => {
  const { ids, total } = await matchingPage(server.db, 'items', search);
  expect(total).toBe(ids.length);
  const found: (string | undefined)[] = [];
  for (const id of ids) found.push((await server.db.select({ name: items.itemName }).from(items).where(eq(items.id, id)).get())?.name);
  return found;
};

describe('the search index', () => {
  it('answers in the lists’ order and follows creates, renames and deletes', async () => {
    await add('Brake Pad Rear', '4790000000011');
    await add('brake pad front', '4790000000028');
    await add('Air Filter', '4790000000035');
    expect(await names('brake')).toEqual(['brake pad front', 'Brake Pad Rear']);
    expect(await names('')).toEqual(['Air Filter', 'brake pad front', 'Brake Pad Rear']);

    const late = await add('Brake Fluid', '4790000000042');
    expect(await names('brake'), 'a row added after the index was read').toEqual(['Brake Fluid', 'brake pad front', 'Brake Pad Rear']);
    expect(await names('0042'), 'a barcode by its ending').toEqual(['Brake Fluid']);

    expect((await server.call('PUT', `/api/items/${late}`, adminToken, { itemName: 'Clutch Fluid' })).status).toBe(200);
    expect(await names('brake'), 'a renamed row leaves its old words').toEqual(['brake pad front', 'Brake Pad Rear']);
    expect(await names('clutch')).toEqual(['Clutch Fluid']);

    expect((await server.call('DELETE', `/api/items/${late}`, adminToken)).status).toBe(200);
    expect(await names('fluid'), 'a deleted row is gone').toEqual([]);
  });

  it('pages the matches and counts them all', async () => {
    for (let i = 1; i <= 7; i++) await add(`Spark Plug ${i}`, `47911100000${i}`);
    const first = await matchingPage(server.db, 'items', 'spark', 1, 3);
    const last = await matchingPage(server.db, 'items', 'spark', 3, 3);
    expect([first.ids.length, first.total, last.ids.length, last.total]).toEqual([3, 7, 1, 7]);
  });

  it('read ahead in slices, answers the download search as read at once, writes meanwhile included', async () => {
    const fresh = await makeTestServer();
    try {
      const token = (await fresh.userWithRole('Admin')).token;
      const category = (await fresh.call('POST', '/api/categories', token, { name: 'Parts', description: '' })).json.category._id;
      for (const name of ['Oil Filter', 'Oil Seal']) await fresh.call('POST', '/api/items', token, itemBody(category, { itemName: name, barcode: `B-${name}` }));
      warmSearchIndexes(fresh.db);
      await fresh.call('POST', '/api/items', token, itemBody(category, { itemName: 'Oil Pump', barcode: 'B-pump' }));
      const found = await searchForDownload(fresh.db, 'items', 'oil', 1, 10);
      expect(found.rows.map((row) => row.itemName)).toEqual(['Oil Filter', 'Oil Pump', 'Oil Seal']);
      expect(found.total).toBe(3);
    } finally {
      fresh.close();
    }
  });

  it('is read ahead at a login, not only at a new device’s first pull', async () => {
    const fresh = await makeTestServer();
    try {
      const token = (await fresh.userWithRole('Admin')).token;
      const category = (await fresh.call('POST', '/api/categories', token, { name: 'Parts', description: '' })).json.category._id;
      await fresh.call('POST', '/api/items', token, itemBody(category, { itemName: 'Oil Filter', barcode: 'B-oil' }));
      await fresh.call('POST', '/api/customers', token, customerBody('Nimal Perera', '0771234567', 'cab-1234'));
      expect(searchIndexHeld(fresh.db, 'items')).toBe(false);
      const user = await createUserWithRole(fresh.db, { role: 'Staff' });
      expect((await login(fresh, user.email, user.password)).status).toBe(200);
      expect([searchIndexHeld(fresh.db, 'items'), searchIndexHeld(fresh.db, 'customers')]).toEqual([true, true]);
    } finally {
      fresh.close();
    }
  });

  it('is read at any login, an unknown email’s too, so the work done does not tell which emails are accounts', async () => {
    const fresh = await makeTestServer();
    try {
      const token = (await fresh.userWithRole('Admin')).token;
      const category = (await fresh.call('POST', '/api/categories', token, { name: 'Parts', description: '' })).json.category._id;
      await fresh.call('POST', '/api/items', token, itemBody(category, { itemName: 'Oil Filter', barcode: 'B-oil' }));
      expect(searchIndexHeld(fresh.db, 'items')).toBe(false);
      expect((await login(fresh, 'nobody@garage.test', 'not-a-password')).status).toBe(401);
      expect(searchIndexHeld(fresh.db, 'items')).toBe(true);
    } finally {
      fresh.close();
    }
  });
});
