import { Hono } from 'hono';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, notFound, readJson } from '../http/errors';
import { pageFields, readListQuery } from '../http/query-params';
import { inOrderOf, matchingPage, maxSearchLength } from '../sync/search';
import { runMutation, withId } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { customers } from '../db/schema';
import { customerToApi } from '../db/mappers';
import { caseless } from '../db/engine';
import type { SyncedRow } from '@shared/sync/tables';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The spec's body: `id` is null or a device-made UUID; some screens send the phone as customerPhone. */
function normaliseBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  if (fields.id !== undefined && fields.id !== null && !(typeof fields.id === 'string' && uuidPattern.test(fields.id))) {
    throw badRequest('id must be null or a UUID.');
  }
  if (fields.phone === undefined && fields.customerPhone !== undefined) fields.phone = fields.customerPhone;
  delete fields.customerPhone;
  return fields;
}

export function customerRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  // ?search= follows the device's word rule (sync/search.ts): each typed word starts a word of the
  // name, contact person, email, phone or a plate, ignoring case; 3 or more digits find a phone or
  // plate by any ending. ?page=&limit= page the list.
  app.get('/', requirePermission('operate'), async (c) => {
    const { search, page, size } = readListQuery(c.req.query());
    const { rows, total } = search ? await searched(search, page, size) : await listed(page, size);
    return c.json({
      success: true,
      customers: rows.map((row) => customerToApi(row as SyncedRow)),
      total,
      ...pageFields(total, page, size),
    });
  });

  // No search: the whole list is paged in SQL.
  async function listed(page: number, size: number | undefined) {
    const where = eq(customers.deleted, false);
    const total = (await db.select({ n: count() }).from(customers).where(where).get())?.n ?? 0;
    const query = db.select().from(customers).where(where).orderBy(caseless(db, customers.customerName), asc(customers.id));
    return {
      rows: size
        ? await query
            .limit(size)
            .offset((page - 1) * size)
            .all()
        : await query.all(),
      total,
    };
  }

  // A search: the word rule on the rows' words kept in memory (sync/search-index.ts), and only the
  // page's rows are read whole.
  async function searched(search: string, page: number, size: number | undefined) {
    if (search.length > maxSearchLength) throw badRequest(`search must be at most ${maxSearchLength} characters.`);
    const { ids, total } = await matchingPage(db, 'customers', search, page, size);
    return { rows: await inOrderOf(ids, async (chunk) => db.select().from(customers).where(inArray(customers.id, chunk)).all()), total };
  }

  app.get('/:id', requirePermission('operate'), async (c) => {
    const row = await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, c.req.param('id')), eq(customers.deleted, false)))
      .get();
    if (!row) throw notFound('Customer not found.');
    return c.json({ success: true, customer: customerToApi(row as SyncedRow) });
  });

  app.post('/', async (c) => {
    const row = (await runMutation(c, deps, 'createCustomer', withId(normaliseBody(await readJson(c))))) as SyncedRow;
    return c.json({ success: true, message: 'New customer added successfully!', customer: customerToApi(row) }, 201);
  });

  // The URL names the customer; an `id` in the body (the spec sends one) cannot point elsewhere.
  app.put('/:id', async (c) => {
    const body = await readJson(c);
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>), id: null } : body;
    const row = (await runMutation(c, deps, 'updateCustomer', withId(normaliseBody(fields), c.req.param('id')))) as SyncedRow;
    return c.json({ success: true, message: 'Customer updated successfully!', customer: customerToApi(row) });
  });

  app.delete('/:id', async (c) => {
    await runMutation(c, deps, 'deleteCustomer', { id: c.req.param('id') });
    return c.json({ success: true, message: 'Customer deleted successfully!' });
  });

  return app;
}
