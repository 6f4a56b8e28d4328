import { Hono } from 'hono';
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { maxPageSize, pageFields, readListQuery } from '../http/query-params';
import { requirePermission } from '../auth/require-auth';
import { readerOf, rowsReadBy } from '../sync/reader';
import { expenses } from '../db/schema';
import { fromCents } from '@shared/domain/money';
import { expenseMessages } from '@shared/schemas/expense';
import type { SyncedRow } from '@shared/sync/tables';
import { newRecordId } from '@shared/sync/record-id';

type Expense = typeof expenses.$inferSelect;

/** An expense as the API gives it: its amount in rupees (a correction negative). */
export function expenseToApi(row: Expense | SyncedRow) {
  const expense = row as Expense;
  return {
    _id: expense.id,
    date: expense.date,
    category: expense.category,
    amount: fromCents(expense.amountCents),
    paidFrom: expense.paidFrom,
    note: expense.note,
    correctionOf: expense.correctionOf,
    paidBy: expense.userName,
    createdAt: expense.createdAt,
  };
}

const day = (value: string | undefined, name: string) => {
  const text = value?.trim() ?? '';
  if (text && !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw badRequest(`${name} must be a day (YYYY-MM-DD).`);
  return text;
};

/**
 * Expenses over REST (issue 27): `POST /api/expenses` is the recordExpense mutation, as a device's
 * (Idempotency-Key included); `GET /api/expenses?from=&to=&category=&page=&limit=` lists them newest
 * first, through the date index, a page at a time (500 unless ?limit= asks fewer: issue 42, 10,000
 * expenses were 2.4 MB at once). `total` stays the list's money (rupees) over the whole filter, as
 * it was before paging; `count`, `page` and `pages` say how many expenses and pages there are.
 * Only those the reader reads (shared/sync/read-scope.ts): Staff what they recorded.
 */
export function expenseRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  app.post('/', async (c) => {
    const body = await readJson(c);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    const row = (await runMutation(c, deps, 'recordExpense', { id: newRecordId(), ...(body as Record<string, unknown>), register: '' })) as SyncedRow;
    return c.json({ success: true, message: expenseMessages.recorded, expense: expenseToApi(row) }, 201);
  });

  app.get('/', async (c) => {
    const query = c.req.query();
    const { page, size = maxPageSize } = readListQuery(query);
    const from = day(query.from, 'from');
    const to = day(query.to, 'to');
    const category = query.category?.trim() ?? '';
    const where: SQL[] = [eq(expenses.deleted, false)];
    if (from) where.push(gte(expenses.date, from));
    if (to) where.push(lte(expenses.date, to));
    if (category) where.push(eq(expenses.category, category));
    // Staff read what they recorded (REST names no register); Managers and Admins every expense.
    const readable = rowsReadBy(await readerOf(db, c.get('user')), 'expenses');
    if (readable) where.push(readable);
    const filter = and(...where);
    // The whole filter's count and money in SQL, so the page alone is read as rows.
    const whole = (await db
      .select({ count: count(), cents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)` })
      .from(expenses)
      .where(filter)
      .get()) ?? { count: 0, cents: 0 };
    const rows = await db
      .select()
      .from(expenses)
      .where(filter)
      // The id last: expenses of one moment keep one order from page to page.
      .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
      .limit(size)
      .offset((page - 1) * size)
      .all();
    return c.json({ success: true, total: fromCents(whole.cents), count: whole.count, ...pageFields(whole.count, page, size), expenses: rows.map(expenseToApi) });
  });

  return app;
}
