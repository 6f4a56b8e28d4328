import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { categories } from '../src/db/schema';
import { countRows, makeTestServer, registerAndLogin, tokenForRole, type Json, type TestServer } from './helpers';

let server: TestServer;
let adminToken: string;
let managerToken: string;
let staffToken: string;

beforeAll(async () => {
  server = await makeTestServer();
  adminToken = (await registerAndLogin(server)).token;
  managerToken = await tokenForRole(server, 'Manager');
  staffToken = await tokenForRole(server, 'Staff');
});
afterAll(() => server.close());

const liveCount = async () => countRows(server.db, 'categories', 'deleted = 0');
const allCount = async () => countRows(server.db, 'categories');
const stored = async (id: string) => server.db.select().from(categories).where(eq(categories.id, id)).get();

async function create(body: unknown, token = adminToken, headers: Record<string, string> = {}) {
  return server.request('POST', '/api/categories', { token, body, headers });
}

async function createOk(name: string, description?: string): Promise<Json> {
  const response = await create({ name, description });
  expect(response.status).toBe(201);
  return response.json.category as Json;
}

describe('create, list, update, delete', () => {
  it('creates a category: 201, the spec message, the category with _id', async () => {
    const before = await allCount();
    const response = await create({ name: 'Engine Oil', description: 'Oils and lubricants' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      success: true,
      message: 'Category added successfully!',
      category: { _id: expect.any(String), id: expect.any(String), name: 'Engine Oil', description: 'Oils and lubricants', updatedAt: expect.any(String) },
    });
    const { _id, id } = response.json.category;
    expect(_id).toBe(id);
    expect(await allCount()).toBe(before + 1);
    expect(await stored(id)).toMatchObject({ id, name: 'Engine Oil', description: 'Oils and lubricants', deleted: false });
    expect((await stored(id))!.version).toBeGreaterThan(0);
  });

  it('keeps a device-made id from the body', async () => {
    const id = randomUUID();
    const response = await create({ id, name: 'Device made' });
    expect(response.status).toBe(201);
    expect(response.json.category._id).toBe(id);
    expect((await stored(id))?.name).toBe('Device made');
  });

  it('makes an id when the body sends id: null', async () => {
    const response = await create({ id: null, name: 'Null id' });
    expect(response.status).toBe(201);
    expect(response.json.category._id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  it('refuses an id that already exists with 409 and changes nothing', async () => {
    const first = await createOk('Original');
    const response = await create({ id: first._id, name: 'Impostor' });
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ success: false, message: 'This category already exists.' });
    expect((await stored(first._id))?.name).toBe('Original');
  });

  it('trims the name and the description', async () => {
    const category = await createOk('   Brakes   ', '  pads and discs  ');
    expect(category.name).toBe('Brakes');
    expect(category.description).toBe('pads and discs');
    expect(await stored(category._id)).toMatchObject({ name: 'Brakes', description: 'pads and discs' });
  });

  it('stores a missing or null description as empty text', async () => {
    const missing = await create({ name: 'No description' });
    const nulled = await create({ name: 'Null description', description: null });
    for (const response of [missing, nulled]) {
      expect(response.status).toBe(201);
      expect(response.json.category.description).toBe('');
    }
  });

  it('lists live categories sorted by name, each with _id', async () => {
    const response = await server.request('GET', '/api/categories', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.json.success).toBe(true);
    const list = response.json.categories as Json[];
    expect(list).toHaveLength(await liveCount());
    const names = list.map((c) => c.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const category of list) {
      expect(category._id).toEqual(expect.any(String));
      expect(category).not.toHaveProperty('version');
      expect(category).not.toHaveProperty('deleted');
    }
  });

  it('updates a category: the spec message, the updated category, a newer version', async () => {
    const category = await createOk('Tyres', 'Rubber');
    const before = (await stored(category._id))!;
    const response = await server.request('PUT', `/api/categories/${category._id}`, {
      token: adminToken,
      body: { id: category._id, name: '  Tyres & Wheels ', description: 'Rubber and rims' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      success: true,
      message: 'Category updated successfully!',
      category: { _id: category._id, id: category._id, name: 'Tyres & Wheels', description: 'Rubber and rims', updatedAt: expect.any(String) },
    });
    const after = (await stored(category._id))!;
    expect(after).toMatchObject({ name: 'Tyres & Wheels', description: 'Rubber and rims' });
    expect(after.version).toBeGreaterThan(before.version);
  });

  it('patches only the fields sent', async () => {
    const category = await createOk('Filters', 'Air and oil');
    const response = await server.request('PUT', `/api/categories/${category._id}`, { token: adminToken, body: { name: 'Filters 2' } });
    expect(response.status).toBe(200);
    expect(await stored(category._id)).toMatchObject({ name: 'Filters 2', description: 'Air and oil' });
  });

  it('updates the record of the URL, never the id in the body', async () => {
    const a = await createOk('Target A');
    const b = await createOk('Bystander B');
    const response = await server.request('PUT', `/api/categories/${a._id}`, { token: adminToken, body: { id: b._id, name: 'Renamed A' } });
    expect(response.status).toBe(200);
    expect(response.json.category._id).toBe(a._id);
    expect((await stored(a._id))?.name).toBe('Renamed A');
    expect((await stored(b._id))?.name).toBe('Bystander B');
  });

  it('deletes a category: the spec message, gone from the list, a tombstone in the table', async () => {
    const category = await createOk('Temporary');
    const total = await allCount();
    const response = await server.request('DELETE', `/api/categories/${category._id}`, { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ success: true, message: 'Category deleted successfully!' });
    const list = (await server.request('GET', '/api/categories', { token: adminToken })).json.categories as Json[];
    expect(list.map((c) => c._id)).not.toContain(category._id);
    expect(await allCount()).toBe(total); // a tombstone, not a removed row
    expect((await stored(category._id))?.deleted).toBe(true);
  });

  it('deletes the same category twice without an error and without a new version', async () => {
    const category = await createOk('Twice');
    expect((await server.request('DELETE', `/api/categories/${category._id}`, { token: adminToken })).status).toBe(200);
    const version = (await stored(category._id))!.version;
    const again = await server.request('DELETE', `/api/categories/${category._id}`, { token: adminToken });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ success: true, message: 'Category deleted successfully!' });
    expect((await stored(category._id))!.version).toBe(version);
  });

  it('answers 404 to an update or delete of an unknown id, and changes nothing', async () => {
    const before = await allCount();
    const id = randomUUID();
    const update = await server.request('PUT', `/api/categories/${id}`, { token: adminToken, body: { name: 'Ghost' } });
    expect(update.status).toBe(404);
    expect(update.json).toEqual({ success: false, message: 'Category not found. It may have been deleted.' });
    const remove = await server.request('DELETE', `/api/categories/${id}`, { token: adminToken });
    expect(remove.status).toBe(404);
    expect(remove.json).toEqual({ success: false, message: 'Category not found.' });
    expect(await allCount()).toBe(before);
  });

  it('answers 404 to an update of a deleted category', async () => {
    const category = await createOk('Deleted then edited');
    await server.request('DELETE', `/api/categories/${category._id}`, { token: adminToken });
    const response = await server.request('PUT', `/api/categories/${category._id}`, { token: adminToken, body: { name: 'Back?' } });
    expect(response.status).toBe(404);
    expect(await stored(category._id)).toMatchObject({ name: 'Deleted then edited', deleted: true });
  });
});

describe('validation', () => {
  it.each([
    ['a blank name', { name: '    ' }],
    ['an empty name', { name: '' }],
    ['a missing name', { description: 'no name' }],
    ['a null name', { name: null }],
  ])('refuses %s with 400 "Category name is required."', async (_label, body) => {
    const before = await allCount();
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: 'Category name is required.' });
    expect(await allCount()).toBe(before);
  });

  it('accepts a name of exactly 50 characters (after trimming) and refuses 51', async () => {
    expect((await create({ name: `  ${'n'.repeat(50)}  ` })).status).toBe(201);
    const before = await allCount();
    const response = await create({ name: 'n'.repeat(51) });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: 'Category name must be at most 50 characters.' });
    expect(await allCount()).toBe(before);
  });

  it('accepts a description of 200 characters and refuses 201', async () => {
    expect((await create({ name: 'Long description ok', description: 'd'.repeat(200) })).status).toBe(201);
    const before = await allCount();
    const response = await create({ name: 'Long description', description: 'd'.repeat(201) });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: 'Description must be at most 200 characters.' });
    expect(await allCount()).toBe(before);
  });

  it('validates an update the same way and leaves the row as it was', async () => {
    const category = await createOk('Valid before');
    const version = (await stored(category._id))!.version;
    for (const [body, message] of [
      [{ name: '  ' }, 'Category name is required.'],
      [{ name: 'x'.repeat(51) }, 'Category name must be at most 50 characters.'],
      [{ description: 'x'.repeat(201) }, 'Description must be at most 200 characters.'],
    ] as const) {
      const response = await server.request('PUT', `/api/categories/${category._id}`, { token: adminToken, body });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ success: false, message });
    }
    expect(await stored(category._id)).toMatchObject({ name: 'Valid before', version });
  });
});

describe('roles', () => {
  it('lets Staff list categories', async () => {
    const response = await server.request('GET', '/api/categories', { token: staffToken });
    expect(response.status).toBe(200);
    expect(response.json.categories).toHaveLength(await liveCount());
  });

  it('refuses Staff on POST, PUT and DELETE with 403, changing nothing', async () => {
    const category = await createOk('Staff cannot touch');
    const before = { all: await allCount(), row: await stored(category._id) };
    const attempts = [
      await create({ name: 'By staff' }, staffToken),
      await server.request('PUT', `/api/categories/${category._id}`, { token: staffToken, body: { name: 'Edited by staff' } }),
      await server.request('DELETE', `/api/categories/${category._id}`, { token: staffToken }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ success: false, message: 'Your role (Staff) may not do this.' });
    }
    expect(await allCount()).toBe(before.all);
    expect(await stored(category._id)).toEqual(before.row);
  });

  it('refuses Staff before validating (a bad body still gets 403)', async () => {
    const response = await create({ name: '' }, staffToken);
    expect(response.status).toBe(403);
  });

  it('lets a Manager create, update and delete', async () => {
    const created = await create({ name: 'By manager' }, managerToken);
    expect(created.status).toBe(201);
    const id = created.json.category._id as string;
    const updated = await server.request('PUT', `/api/categories/${id}`, { token: managerToken, body: { name: 'By manager, edited' } });
    expect(updated.status).toBe(200);
    expect((await stored(id))?.name).toBe('By manager, edited');
    const deleted = await server.request('DELETE', `/api/categories/${id}`, { token: managerToken });
    expect(deleted.status).toBe(200);
    expect((await stored(id))?.deleted).toBe(true);
  });
});

describe('Idempotency-Key', () => {
  const key = () => `key-${randomUUID()}`;

  it('applies a create once when the same key is sent twice, and answers the same body', async () => {
    const idempotencyKey = key();
    const before = await allCount();
    const mutationsBefore = await countRows(server.db, 'applied_mutations');
    const first = await create({ name: 'Once only' }, adminToken, { 'Idempotency-Key': idempotencyKey });
    const second = await create({ name: 'Once only' }, adminToken, { 'Idempotency-Key': idempotencyKey });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(await allCount()).toBe(before + 1);
    expect(await countRows(server.db, 'categories', `name = 'Once only'`)).toBe(1);
    expect(await countRows(server.db, 'applied_mutations')).toBe(mutationsBefore + 1);
  });

  it('replays an update without a second version bump', async () => {
    const category = await createOk('Update me once');
    const idempotencyKey = key();
    const path = `/api/categories/${category._id}`;
    const first = await server.request('PUT', path, { token: adminToken, body: { name: 'Updated once' }, headers: { 'Idempotency-Key': idempotencyKey } });
    const version = (await stored(category._id))!.version;
    const second = await server.request('PUT', path, { token: adminToken, body: { name: 'Updated once' }, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect((await stored(category._id))!.version).toBe(version);
  });

  it('refuses a key reused for a different operation with 409, changing nothing', async () => {
    const idempotencyKey = key();
    const created = await create({ name: 'Keyed create' }, adminToken, { 'Idempotency-Key': idempotencyKey });
    expect(created.status).toBe(201);
    const id = created.json.category._id as string;
    const reused = await server.request('PUT', `/api/categories/${id}`, {
      token: adminToken,
      body: { name: 'Should not apply' },
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    expect(reused.status).toBe(409);
    expect(reused.json).toEqual({ success: false, message: 'This Idempotency-Key was already used for a different operation.' });
    expect((await stored(id))?.name).toBe('Keyed create');
    const deleted = await server.request('DELETE', `/api/categories/${id}`, { token: adminToken, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(deleted.status).toBe(409);
    expect((await stored(id))?.deleted).toBe(false);
  });

  it('answers a replayed refusal with the same refusal', async () => {
    const idempotencyKey = key();
    const first = await create({ name: 'By staff, keyed' }, staffToken, { 'Idempotency-Key': idempotencyKey });
    const second = await create({ name: 'By staff, keyed' }, staffToken, { 'Idempotency-Key': idempotencyKey });
    expect(first.status).toBe(403);
    expect(second.status).toBe(403);
    expect(second.json).toEqual(first.json);
    expect(await countRows(server.db, 'categories', `name = 'By staff, keyed'`)).toBe(0);
  });

  it.each([
    ['too short', 'short'],
    ['too long', 'k'.repeat(65)],
  ])('refuses a key that is %s with 400', async (_label, idempotencyKey) => {
    const before = await allCount();
    const response = await create({ name: 'Bad key' }, adminToken, { 'Idempotency-Key': idempotencyKey });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: 'Idempotency-Key must be 8 to 64 characters.' });
    expect(await allCount()).toBe(before);
  });

  it('treats requests without a key as distinct (two creates, two rows)', async () => {
    const before = await allCount();
    expect((await create({ name: 'No key' })).status).toBe(201);
    expect((await create({ name: 'No key' })).status).toBe(201);
    expect(await allCount()).toBe(before + 2);
  });
});

describe('malformed input never breaks the server or writes', () => {
  const huge = JSON.stringify({ name: 'Huge', description: 'x'.repeat(1024 * 1024 + 1) });

  const cases: Array<{ label: string; body: string; status: number; message?: string }> = [
    { label: 'invalid JSON', body: '{"name": "Broken', status: 400, message: 'The request body is not valid JSON.' },
    { label: 'an empty body', body: '', status: 400 },
    { label: 'JSON null', body: 'null', status: 400, message: 'The request body must be a JSON object.' },
    { label: 'a JSON string', body: '"Brakes"', status: 400, message: 'The request body must be a JSON object.' },
    { label: 'a JSON number', body: '42', status: 400, message: 'The request body must be a JSON object.' },
    { label: 'an array body', body: JSON.stringify([{ name: 'In an array' }]), status: 400, message: 'The request body must be a JSON object.' },
    { label: 'name as a number', body: JSON.stringify({ name: 12345 }), status: 400, message: 'Category name is required.' },
    { label: 'name as an object', body: JSON.stringify({ name: { first: 'x' } }), status: 400, message: 'Category name is required.' },
    { label: 'name as an array', body: JSON.stringify({ name: ['x'] }), status: 400, message: 'Category name is required.' },
    { label: 'description as a number', body: JSON.stringify({ name: 'Ok', description: 7 }), status: 400, message: 'Description must be text.' },
    { label: 'an id that is too long', body: JSON.stringify({ id: 'i'.repeat(65), name: 'Ok' }), status: 400, message: 'id is too long.' },
    { label: 'a body over 1 MB', body: huge, status: 413, message: 'The request is too large (limit 1 MB).' },
  ];

  it.each(cases)('POST with $label → $status { success: false }', async ({ body, status, message }) => {
    const before = await allCount();
    const response = await server.request('POST', '/api/categories', { token: adminToken, body });
    expect(response.status).toBeLessThan(500);
    expect(response.status).toBe(status);
    expect(response.json.success).toBe(false);
    expect(response.json.message).toEqual(message ?? expect.any(String));
    expect(await allCount()).toBe(before);
  });

  // On an update the URL names the record, so an id in the body is ignored rather than refused.
  it.each(cases.filter((c) => c.message !== 'id is too long.'))('PUT with $label → $status, row unchanged', async ({ body, status, message }) => {
    const category = await createOk('Malformed target');
    const row = await stored(category._id);
    const before = await allCount();
    const response = await server.request('PUT', `/api/categories/${category._id}`, { token: adminToken, body });
    expect(response.status).toBeLessThan(500);
    expect(response.status).toBe(status);
    expect(response.json.success).toBe(false);
    expect(response.json.message).toEqual(message ?? expect.any(String));
    expect(await allCount()).toBe(before);
    expect(await stored(category._id)).toEqual(row);
  });

  it('ignores unknown extra fields, including server-owned ones', async () => {
    const before = await allCount();
    const response = await create({ name: 'Extra fields', description: 'd', version: 999_999, deleted: true, updatedAt: '1999-01-01', colour: 'red' });
    expect(response.status).toBe(201);
    expect(response.json.category).not.toHaveProperty('colour');
    expect(response.json.category.updatedAt).not.toBe('1999-01-01');
    const row = (await stored(response.json.category._id))!;
    expect(row).toMatchObject({ name: 'Extra fields', description: 'd', deleted: false });
    expect(row.version).toBeLessThan(999_999);
    expect(row).not.toHaveProperty('colour');
    expect(await allCount()).toBe(before + 1);
  });

  it('answers an unknown path under /api/categories with 404 JSON', async () => {
    const response = await server.request('POST', '/api/categories/a/b', { token: adminToken, body: { name: 'x' } });
    expect(response.status).toBe(404);
    expect(response.json.success).toBe(false);
  });
});
