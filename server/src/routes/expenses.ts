import { Hono } from 'hono';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
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
 * (Idempotency-Key included); `GET /api/expenses?from=&to=&category=` lists them newest first with
 * their total, through the date index: those the reader reads (shared/sync/read-scope.ts).
 */
export function expenseRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  app.post('/', async (c) => {
    const body = await readJson(c);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    const row = runMutation(c, deps, 'recordExpense', { id: newRecordId(), ...(body as Record<string, unknown>), register: '' }) as SyncedRow;
    return c.json({ success: true, message: expenseMessages.recorded, expense: expenseToApi(row) }, 201);
  });

  app.get('/', (c) => {
    const from = day(c.req.query('from'), 'from');
    const to = day(c.req.query('to'), 'to');
    const category = c.req.query('category')?.trim() ?? '';
    const where: SQL[] = [eq(expenses.deleted, false)];
    if (from) where.push(gte(expenses.date, from));
    if (to) where.push(lte(expenses.date, to));
    if (category) where.push(eq(expenses.category, category));
    // Staff read what they recorded (REST names no register); Managers and Admins every expense.
    const readable = rowsReadBy(readerOf(db, c.get('user')), 'expenses');
    if (readable) where.push(readable);
    const rows = db
      .select()
      .from(expenses)
      .where(and(...where))
      .orderBy(desc(expenses.date), desc(expenses.createdAt))
      .all();
    const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
    return c.json({ success: true, total: fromCents(total), expenses: rows.map(expenseToApi) });
  });

  return app;
}
