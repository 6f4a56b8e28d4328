import { inTransaction } from '@server/db/prepared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { itemMessages } from '@shared/schemas/item';
import { countRows, makeTestServer, type TestServer } from './helpers';
import { items } from '../src/db/schema';
import { maxPageSize } from '../src/http/query-params';
import { itemBody as newItemBody } from '../../tests/factories';

// A real temporary SQLite file and the real app, called through app.request() (no port): see helpers.ts.
let server: TestServer;
let adminToken: string;
let staffToken: string;
let categoryId: string;

const itemBody = (overrides: Record<string, unknown> = {}) => newItemBody(categoryId, overrides);

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await server.userWithRole('Admin')).token;
  staffToken = (await server.userWithRole('Staff')).token;
  const created = await server.call('POST', '/api/categories', adminToken, { name: 'Filters', description: '' });
  categoryId = created.json.category._id;
});

afterAll(() => server.close());

describe('POST /api/items', () => {
  it('creates an item and answers it in the API shape with the category name', async () => {
    const { status, json } = await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'OF-100' }));
    expect(status).toBe(201);
    expect(json.success).toBe(true);
    expect(json.message).toBe('New item added successfully!');
    expect(json.item).toMatchObject({
      itemName: 'Oil Filter',
      barcode: 'OF-100',
      unitPrice: 1250.5,
      costPrice: 900,
      stockQuantity: 10,
      reorderLevel: 3,
      description: 'Spin-on filter',
      category: { _id: categoryId, name: 'Filters' },
    });
    expect(typeof json.item._id).toBe('string');
  });

  it('takes a body without the optional reorder level (0) and records the stock as the opening movement', async () => {
    const { status, json } = await server.call('POST', '/api/items', adminToken, {
      itemName: 'Radiator cap',
      barcode: 'RC-NO-REORDER',
      category: categoryId,
      unitPrice: 950,
      costPrice: 700,
      stockQuantity: 2.5,
    });
    expect(status).toBe(201);
    expect(json.item).toMatchObject({ reorderLevel: 0, stockQuantity: 2.5 });
    expect(await countRows(server.db, 'stock_movements', `itemId = '${json.item.id}' AND reason = 'opening' AND quantityHundredths = 250`)).toBe(1);
  });

  it('keeps the id a device made', async () => {
    const id = randomUUID();
    const { json } = await server.call('POST', '/api/items', adminToken, itemBody({ id }));
    expect(json.item._id).toBe(id);
  });

  it.each([
    ['a missing item name', { itemName: '' }, itemMessages.required],
    ['a missing category', { category: '' }, itemMessages.required],
    ['a missing price', { unitPrice: '' }, itemMessages.required],
    ['a price that is not a number', { unitPrice: 'abc' }, itemMessages.numbers],
    ['a fractional reorder level', { reorderLevel: '2.5' }, itemMessages.numbers],
    ['a reorder level that is not a number', { reorderLevel: 'x' }, itemMessages.numbers],
    ['a negative cost price', { costPrice: -1 }, itemMessages.negative],
    ['a negative reorder level', { reorderLevel: -2 }, itemMessages.negative],
    // The spec's order: required first, then numbers, then negatives.
    ['blank name and a bad number', { itemName: ' ', unitPrice: 'abc' }, itemMessages.required],
    ['a bad number and a negative', { unitPrice: 'abc', costPrice: -5 }, itemMessages.numbers],
  ])('refuses %s with 400 and the spec message', async (_label, overrides, message) => {
    const before = (await server.call('GET', '/api/items', adminToken)).json.items.length;
    const { status, json } = await server.call('POST', '/api/items', adminToken, itemBody(overrides));
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message });
    expect((await server.call('GET', '/api/items', adminToken)).json.items.length).toBe(before);
  });

  it('refuses a category that does not exist', async () => {
    const { status, json } = await server.call('POST', '/api/items', adminToken, itemBody({ category: randomUUID() }));
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message: 'Category not found.' });
  });

  it('refuses a barcode another item already uses with 409', async () => {
    await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'DUP-1' }));
    const { status, json } = await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'DUP-1', itemName: 'Other' }));
    expect(status).toBe(409);
    expect(json).toEqual({ success: false, message: 'The barcode DUP-1 is already used by another item.' });
  });

  // The same item sent again under a new key (its first answer lost, then the key regenerated): the id
  // is taken and so, by the same row, is its barcode. The barcode's unique index must not turn the
  // taken id into a 500.
  it('refuses an item id already taken with 409, even with that item’s own barcode', async () => {
    const body = itemBody({ id: randomUUID(), barcode: 'SAME-AGAIN' });
    expect((await server.call('POST', '/api/items', adminToken, body)).status).toBe(201);
    const again = await server.call('POST', '/api/items', adminToken, body);
    expect(again).toEqual({ status: 409, json: { success: false, message: 'This item already exists.' } });
    const mutation = { id: randomUUID(), clientId: randomUUID(), seq: 1, name: 'createItem', args: body, createdAt: new Date().toISOString() };
    const pushed = await server.call('POST', '/api/sync/push', adminToken, { clientId: mutation.clientId, mutations: [mutation] });
    expect(pushed.json.results[0]).toMatchObject({ status: 'rejected', httpStatus: 409, message: 'This item already exists.' });
  });

  it('gives a deleted item’s barcode free again', async () => {
    const first = await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'FREE-1' }));
    await server.call('DELETE', `/api/items/${first.json.item._id}`, adminToken);
    expect((await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'FREE-1' }))).status).toBe(201);
  });

  it('applies a replayed request once (Idempotency-Key)', async () => {
    const key = `key-${randomUUID()}`;
    const body = itemBody({ barcode: 'IDEM-1' });
    const first = await server.call('POST', '/api/items', adminToken, body, { 'Idempotency-Key': key });
    const second = await server.call('POST', '/api/items', adminToken, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.item._id).toBe(first.json.item._id);
    const found = (await server.call('GET', '/api/items?search=IDEM-1', adminToken)).json.items;
    expect(found).toHaveLength(1);
  });

  it('refuses Staff with 403 and changes nothing', async () => {
    const { status, json } = await server.call('POST', '/api/items', staffToken, itemBody({ barcode: 'STAFF-1' }));
    expect(status).toBe(403);
    expect(json.success).toBe(false);
    expect((await server.call('GET', '/api/items?search=STAFF-1', adminToken)).json.items).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const response = await server.app.request('/api/items', { method: 'POST', body: JSON.stringify(itemBody()) });
    expect(response.status).toBe(401);
  });
});

describe('PUT and DELETE /api/items/:id', () => {
  it('updates an item, also when the category comes back as the object GET gave', async () => {
    const created = (await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'UPD-1' }))).json.item;
    const { status, json } = await server.call('PUT', `/api/items/${created._id}`, adminToken, {
      ...created,
      itemName: 'Oil Filter XL',
      unitPrice: '1300.75',
    });
    expect(status).toBe(200);
    expect(json.message).toBe('Item updated successfully!');
    expect(json.item).toMatchObject({ itemName: 'Oil Filter XL', unitPrice: 1300.75, category: { _id: categoryId, name: 'Filters' } });
  });

  it('validates an update with the same messages', async () => {
    const created = (await server.call('POST', '/api/items', adminToken, itemBody())).json.item;
    const { status, json } = await server.call('PUT', `/api/items/${created._id}`, adminToken, { ...itemBody(), stockQuantity: -1 });
    expect(status).toBe(400);
    expect(json.message).toBe(itemMessages.negative);
  });

  it('refuses to take another item’s barcode on edit', async () => {
    await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'TAKEN-2' }));
    const other = (await server.call('POST', '/api/items', adminToken, itemBody())).json.item;
    const { status } = await server.call('PUT', `/api/items/${other._id}`, adminToken, { barcode: 'TAKEN-2' });
    expect(status).toBe(409);
  });

  it('answers 404 for an unknown item', async () => {
    expect((await server.call('PUT', `/api/items/${randomUUID()}`, adminToken, itemBody())).status).toBe(404);
    expect((await server.call('DELETE', `/api/items/${randomUUID()}`, adminToken)).status).toBe(404);
  });

  it('deletes an item', async () => {
    const created = (await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'DEL-1' }))).json.item;
    const { status, json } = await server.call('DELETE', `/api/items/${created._id}`, adminToken);
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, message: 'Item deleted successfully!' });
    expect((await server.call('GET', '/api/items?search=DEL-1', adminToken)).json.items).toHaveLength(0);
  });

  it('refuses Staff edits and deletes with 403', async () => {
    const created = (await server.call('POST', '/api/items', adminToken, itemBody())).json.item;
    expect((await server.call('PUT', `/api/items/${created._id}`, staffToken, { itemName: 'No' })).status).toBe(403);
    expect((await server.call('DELETE', `/api/items/${created._id}`, staffToken)).status).toBe(403);
  });
});

describe('categories of items', () => {
  it('keeps an item editable after its category was deleted, but no item may newly take that category', async () => {
    const doomed = (await server.call('POST', '/api/categories', adminToken, { name: 'Doomed', description: '' })).json.category._id;
    const item = (await server.call('POST', '/api/items', adminToken, itemBody({ category: doomed }))).json.item;
    await server.call('DELETE', `/api/categories/${doomed}`, adminToken);
    const renamed = await server.call('PUT', `/api/items/${item._id}`, adminToken, { itemName: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.item.category).toEqual({ _id: doomed, name: null });
    const other = (await server.call('POST', '/api/items', adminToken, itemBody())).json.item;
    const moved = await server.call('PUT', `/api/items/${other._id}`, adminToken, { category: doomed });
    expect(moved).toEqual({ status: 400, json: { success: false, message: 'Category not found.' } });
  });
});

describe('items through the sync push (the device outbox)', () => {
  const clientId = randomUUID();
  let seq = 0;
  const envelope = (name: string, args: Record<string, unknown>) => ({
    id: randomUUID(),
    clientId,
    seq: ++seq,
    name,
    args,
    createdAt: new Date().toISOString(),
  });

  it('answers each mutation: a taken barcode or a Staff write is refused without blocking the rest', async () => {
    await server.call('POST', '/api/items', adminToken, itemBody({ barcode: 'PUSH-TAKEN' }));
    const mutations = [
      envelope('createItem', { ...itemBody({ barcode: 'PUSH-TAKEN' }), id: randomUUID() }),
      envelope('createItem', { ...itemBody({ barcode: 'PUSH-OK' }), id: randomUUID() }),
    ];
    const { status, json } = await server.call('POST', '/api/sync/push', adminToken, { clientId, mutations });
    expect(status).toBe(200);
    expect(json.results.map((r: { status: string; httpStatus?: number }) => [r.status, r.httpStatus])).toEqual([
      ['rejected', 409],
      ['applied', undefined],
    ]);

    const staffPush = await server.call('POST', '/api/sync/push', staffToken, {
      clientId,
      mutations: [
        envelope('createItem', { ...itemBody({ barcode: 'PUSH-STAFF' }), id: randomUUID() }),
        envelope('quickCreateItem', { itemName: 'Push Quick', unitPrice: 10, category: categoryId, id: randomUUID() }),
      ],
    });
    expect(staffPush.json.results.map((r: { status: string; httpStatus?: number }) => [r.status, r.httpStatus])).toEqual([
      ['rejected', 403],
      ['applied', undefined],
    ]);
  });

  // The table's key refuses an id already taken (no read before the insert, issue 24): each is a 409
  // with its own words, writes nothing, and the next entry of the push still applies.
  it('refuses an id already taken by an item or a stock movement with 409, and writes nothing of it', async () => {
    const taken = (await server.call('POST', '/api/items', adminToken, itemBody({ id: randomUUID(), itemName: 'Taken filter', stockQuantity: 4 }))).json.item.id as string;
    const movementId = randomUUID();
    const later = randomUUID();
    const stockOf = async (id: string) =>
      ((await server.db.$client.prepare('SELECT stockHundredths FROM items WHERE id = ?').get(id)) as { stockHundredths: number } | undefined)?.stockHundredths;
    const mutations = [
      envelope('adjustStock', { id: movementId, itemId: taken, quantity: 2, reason: 'received', note: '' }),
      // The same movement id again, under another mutation id: a second count of the same delivery.
      envelope('adjustStock', { id: movementId, itemId: taken, quantity: 2, reason: 'received', note: '' }),
      // An item whose id is taken, with a barcode of its own.
      envelope('createItem', { ...itemBody({ itemName: 'Second filter', stockQuantity: 7 }), id: taken }),
      // A movement that took the opening movement's id of an item made later in the push: the item
      // is inserted, then its opening is refused, and the item must not stay behind without it.
      envelope('adjustStock', { id: `${later}/opening`, itemId: taken, quantity: 1, reason: 'received', note: '' }),
      envelope('createItem', { ...itemBody({ itemName: 'Later filter', stockQuantity: 3 }), id: later }),
      envelope('adjustStock', { id: randomUUID(), itemId: taken, quantity: -0.5, reason: 'adjustment', note: '' }),
    ];
    const { json } = await server.call('POST', '/api/sync/push', adminToken, { clientId, mutations });
    expect(json.results.map((r: { status: string; httpStatus?: number; message?: string }) => [r.status, r.httpStatus, r.message])).toEqual([
      ['applied', undefined, undefined],
      ['rejected', 409, 'This stock change was already recorded.'],
      ['rejected', 409, 'This item already exists.'],
      ['applied', undefined, undefined],
      ['rejected', 409, 'This stock movement id is already used.'],
      ['applied', undefined, undefined],
    ]);
    expect(await stockOf(taken)).toBe(400 + 200 + 100 - 50);
    expect(await countRows(server.db, 'stock_movements', `itemId = '${taken}'`)).toBe(4);
    expect(await countRows(server.db, 'items', `id = '${taken}' AND itemName = 'Taken filter'`)).toBe(1);
    expect(await stockOf(later)).toBeUndefined();
  });

  it('applies a mutation pushed twice (a lost answer) once', async () => {
    const mutation = envelope('createItem', { ...itemBody({ barcode: 'PUSH-TWICE' }), id: randomUUID() });
    const first = await server.call('POST', '/api/sync/push', adminToken, { clientId, mutations: [mutation] });
    const again = await server.call('POST', '/api/sync/push', adminToken, { clientId, mutations: [mutation] });
    expect(first.json.results[0].status).toBe('applied');
    expect(again.json.results[0]).toEqual(first.json.results[0]);
    expect((await server.call('GET', '/api/items?search=PUSH-TWICE', adminToken)).json.items).toHaveLength(1);
  });
});

describe('POST /api/items/quick', () => {
  it('lets Staff quick-add from a job card with the spec body: barcode = name, stock 0, cost 0, reorder level 0', async () => {
    const { status, json } = await server.call('POST', '/api/items/quick', staffToken, {
      itemName: 'Wiper Blade 18in',
      unitPrice: 850,
      stockQuantity: 1,
      barcode: 'Wiper Blade 18in',
      category: categoryId,
      costPrice: 0,
      reorderLevel: 0,
      source: 'jobCardQuickAdd',
    });
    expect(status).toBe(201);
    expect(json.success).toBe(true);
    expect(json.item).toMatchObject({ itemName: 'Wiper Blade 18in', barcode: 'Wiper Blade 18in', stockQuantity: 0, reorderLevel: 0, unitPrice: 850 });
    // Cost 0 is stored; Staff's answer does not carry it (issue 22: Staff read no cost prices).
    expect(await countRows(server.db, 'items', `id = '${json.item.id}' AND costPriceCents = 0`)).toBe(1);
    expect(json.item).not.toHaveProperty('costPrice');
  });

  it('takes only the name and the price: Staff cannot set stock, cost, barcode or description through it', async () => {
    const { status, json } = await server.call('POST', '/api/items/quick', staffToken, {
      itemName: 'Fuse 10A',
      unitPrice: 50,
      stockQuantity: 500,
      costPrice: 9999,
      barcode: 'SOMETHING-ELSE',
      reorderLevel: 40,
      description: 'free stock',
    });
    expect(status).toBe(201);
    expect(json.item).toMatchObject({ itemName: 'Fuse 10A', barcode: 'Fuse 10A', stockQuantity: 0, reorderLevel: 0, description: '' });
    // The cost the body named is not taken (0 stored), and Staff's answer carries none (issue 22).
    expect(await countRows(server.db, 'items', `id = '${json.item.id}' AND costPriceCents = 0`)).toBe(1);
    expect(json.item).not.toHaveProperty('costPrice');
    // No stock appeared from nowhere: the item has no movements at all.
    expect(await countRows(server.db, 'stock_movements', `itemId = '${json.item.id}'`)).toBe(0);
  });

  it('puts the item in the default category (general, misc or other, else the first by name), whatever the body names', async () => {
    const misc = await server.call('POST', '/api/categories', adminToken, { name: 'Misc parts' });
    const { json } = await server.call('POST', '/api/items/quick', staffToken, { itemName: 'Clip', unitPrice: 5, category: categoryId });
    expect(json.item.categoryId).toBe(misc.json.category.id);
  });

  it('refuses a name another item already uses as its barcode, and a price out of bounds', async () => {
    expect((await server.call('POST', '/api/items/quick', staffToken, { itemName: 'Fuse 10A', unitPrice: 50 })).status).toBe(409);
    const huge = await server.call('POST', '/api/items/quick', staffToken, { itemName: 'Gold', unitPrice: 1e308 });
    expect(huge.status).toBe(400);
  });
});

describe('GET /api/items', () => {
  beforeAll(async () => {
    for (let n = 1; n <= 12; n++) {
      await server.call('POST', '/api/items', adminToken, itemBody({ itemName: `Brake Pad ${String(n).padStart(2, '0')}`, barcode: `BP-${n}` }));
    }
    await server.call('POST', '/api/items', adminToken, itemBody({ itemName: 'Spark plug 100% copper', barcode: 'SP_1' }));
  });

  it('lists live items for every role', async () => {
    const { status, json } = await server.call('GET', '/api/items', staffToken);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.items.length).toBe(json.total);
    expect(json.items.every((item: { _id: string }) => typeof item._id === 'string')).toBe(true);
  });

  it('searches name or barcode by the start of their words, ignoring case', async () => {
    const byName = (await server.call('GET', '/api/items?search=brake%20PAD', adminToken)).json;
    expect(byName.items).toHaveLength(12);
    const byBarcode = (await server.call('GET', '/api/items?search=bp-1', adminToken)).json;
    expect(byBarcode.items.map((i: { barcode: string }) => i.barcode).sort()).toEqual(['BP-1', 'BP-10', 'BP-11', 'BP-12']);
    expect((await server.call('GET', '/api/items?search=rake', adminToken)).json.items, 'the middle of a word').toEqual([]);
  });

  it('reads % and _ as separators, never as wildcards', async () => {
    expect((await server.call('GET', '/api/items?search=100%25%20copper', adminToken)).json.items.map((i: { barcode: string }) => i.barcode)).toEqual(['SP_1']);
    expect((await server.call('GET', '/api/items?search=sp_1', adminToken)).json.items.map((i: { barcode: string }) => i.barcode)).toEqual(['SP_1']);
  });

  it('pages in SQL with page and limit, sorted by name', async () => {
    const first = (await server.call('GET', '/api/items?search=brake&page=1&limit=5', adminToken)).json;
    const third = (await server.call('GET', '/api/items?search=brake&page=3&limit=5', adminToken)).json;
    expect(first.total).toBe(12);
    expect(first.pages).toBe(3);
    expect(first.items.map((i: { itemName: string }) => i.itemName)).toEqual([1, 2, 3, 4, 5].map((n) => `Brake Pad 0${n}`));
    expect(third.items.map((i: { itemName: string }) => i.itemName)).toEqual(['Brake Pad 11', 'Brake Pad 12']);
  });

  it('refuses a page that is not a whole number', async () => {
    expect((await server.call('GET', '/api/items?page=0&limit=5', adminToken)).status).toBe(400);
  });
});

// Issue 24, point 1: the whole list without a limit was 15 MB at 50,000 items, built on the server's
// one thread. Without a limit the answer is the first page of the largest size, with the total.
describe('GET /api/items without a limit', () => {
  it('answers the first page of the largest size and the total', async () => {
    const before = (await server.call('GET', '/api/items?limit=1', adminToken)).json.total as number;
    const now = new Date().toISOString();
    await inTransaction(server.db, async (tx) => {
      for (let i = 0; i < maxPageSize + 20; i++) {
        await tx
          .insert(items)
          .values({ id: `bulk-${i}`, version: i + 1, updatedAt: now, itemName: `Bulk ${String(i).padStart(4, '0')}`, barcode: `B${i}` })
          .run();
      }
    });
    const answer = await server.call('GET', '/api/items', adminToken);
    expect(answer.status).toBe(200);
    expect(answer.json.items).toHaveLength(maxPageSize);
    expect(answer.json.total).toBe(before + maxPageSize + 20);
    const next = await server.call('GET', `/api/items?page=2&limit=${maxPageSize}`, adminToken);
    expect(next.json.items).toHaveLength(before + 20);
  });
});
