import { Hono } from 'hono';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, readJson } from '../http/errors';
import { maxPageSize, pageFields, readListQuery } from '../http/query-params';
import { inOrderOf, matchingPage, maxSearchLength } from '../sync/search';
import { runMutation, withId } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import type { Db } from '../db/connection';
import { categories, items } from '../db/schema';
import { itemToApi } from '../db/mappers';
import { caseless } from '../db/engine';
import type { SyncedRow } from '@shared/sync/tables';
import type { Role } from '@shared/domain/permissions';
import { newRecordId } from '@shared/sync/record-id';

/** A GET answer's category is `{ _id, name }`; a client that sends it back as it came still means the id. */
function normaliseBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  const category = fields.category;
  if (category && typeof category === 'object' && '_id' in category) return { ...fields, category: (category as { _id: unknown })._id };
  return fields;
}

async function withCategoryName(db: Db, row: SyncedRow, reader: Role) {
  const category = row.categoryId
    ? await db
        .select({ name: categories.name })
        .from(categories)
        .where(and(eq(categories.id, String(row.categoryId)), eq(categories.deleted, false)))
        .get()
    : undefined;
  return itemToApi(row, reader, category?.name ?? null);
}

export function itemRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  // ?search= follows the device's word rule (sync/search.ts): each typed word starts a word of the
  // name or the barcode, ignoring case; 3 or more digits find a barcode by any ending. ?page=&limit=
  // page the list. Without a limit the answer is the first page of the largest size (issue 24,
  // point 1: the whole list was 15 MB at 50,000 items); `total` and `pages` say how many more there are.
  app.get('/', requirePermission('viewCatalog'), async (c) => {
    const query = readListQuery(c.req.query());
    const { search, page } = query;
    const size = query.size ?? maxPageSize;
    const select = () =>
      db
        .select({ item: items, categoryName: categories.name })
        .from(items)
        .leftJoin(categories, and(eq(categories.id, items.categoryId), eq(categories.deleted, false)));
    let rows: { item: typeof items.$inferSelect; categoryName: string | null }[];
    let total: number;
    if (search) {
      // The word rule on the rows' words kept in memory (sync/search-index.ts); only the page is read whole.
      if (search.length > maxSearchLength) throw badRequest(`search must be at most ${maxSearchLength} characters.`);
      const matched = await matchingPage(db, 'items', search, page, size);
      total = matched.total;
      const { ids } = matched;
      rows = await inOrderOf(ids, async (chunk) => (await select().where(inArray(items.id, chunk)).all()).map((row) => ({ ...row, id: row.item.id })));
    } else {
      const where = eq(items.deleted, false);
      total = (await db.select({ n: count() }).from(items).where(where).get())?.n ?? 0;
      rows = await select()
        .where(where)
        .orderBy(caseless(db, items.itemName), asc(items.id))
        .limit(size)
        .offset((page - 1) * size)
        .all();
    }
    return c.json({
      success: true,
      items: rows.map(({ item, categoryName }) => itemToApi(item as SyncedRow, c.get('user').role, categoryName)),
      total,
      ...pageFields(total, page, size),
    });
  });

  app.post('/', async (c) => {
    const row = (await runMutation(c, deps, 'createItem', withId(normaliseBody(await readJson(c))))) as SyncedRow;
    return c.json({ success: true, message: 'New item added successfully!', item: await withCategoryName(db, row, c.get('user').role) }, 201);
  });

  // The job card's quick add: allowed for every role (decisions.md); only the name and the price are
  // taken from the body (the spec's barcode, stock, cost and category are the server's to set).
  app.post('/quick', async (c) => {
    const row = (await runMutation(c, deps, 'quickCreateItem', withId(normaliseBody(await readJson(c))))) as SyncedRow;
    return c.json({ success: true, item: await withCategoryName(db, row, c.get('user').role) }, 201);
  });

  app.put('/:id', async (c) => {
    // A stockQuantity in the body is the stock the item should have: the server records the
    // adjustment that brings it there (movementId names that movement).
    const body = withId(normaliseBody(await readJson(c)), c.req.param('id'));
    const row = (await runMutation(c, deps, 'putItem', { ...body, movementId: newRecordId() })) as SyncedRow;
    return c.json({ success: true, message: 'Item updated successfully!', item: await withCategoryName(db, row, c.get('user').role) });
  });

  app.delete('/:id', async (c) => {
    await runMutation(c, deps, 'deleteItem', { id: c.req.param('id') });
    return c.json({ success: true, message: 'Item deleted successfully!' });
  });

  return app;
}
