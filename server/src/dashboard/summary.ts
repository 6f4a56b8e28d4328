import { and, between, count, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobCards, payments } from '../db/schema';
import { fromCents } from '@shared/domain/money';
import { movesMoney } from '@shared/domain/customer-credit';
import { isWithin, storedDateBounds, todayAndLastWeek, type Window } from '@shared/domain/dashboard';

/** Payments received in the window, in cents, money only (no customer credit) (days and instants both count: shared/domain/dashboard.ts). */
async function incomeCents(db: Db, window: Window): Promise<number> {
  const [low, high] = storedDateBounds(window);
  const rows = await db
    .select({ date: payments.date, amountCents: payments.amountCents, method: payments.method })
    .from(payments)
    .where(and(eq(payments.deleted, false), between(payments.date, low, high)))
    .all();
  // Customer credit spent or refunded as credit moved no money (shared/domain/customer-credit.ts).
  return rows.filter((row) => isWithin(row.date, window) && movesMoney(row)).reduce((sum, row) => sum + row.amountCents, 0);
}

async function countJobs(db: Db, column: typeof jobCards.dateIn | typeof jobCards.finishedAt, { from, to }: Window): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(jobCards)
        .where(and(eq(jobCards.deleted, false), gte(column, from.toISOString()), lte(column, to.toISOString())))
        .get()
    )?.n ?? 0
  );
}

async function dayFigures(db: Db, window: Window) {
  return {
    todayIncome: fromCents(await incomeCents(db, window)),
    todayCheckIns: await countJobs(db, jobCards.dateIn, window),
    resolvedIssues: await countJobs(db, jobCards.finishedAt, window),
  };
}

/**
 * `GET /api/dashboard/summary` (spec 3, Dashboard summary): today's income (rupees), check-ins and
 * finished jobs in the server's local day, as the device computes them, and the same figures for the
 * same stretch of the same weekday last week (for the captions).
 */
export async function dashboardSummary(db: Db, now: Date) {
  const { today, lastWeek } = todayAndLastWeek(now);
  return { ...(await dayFigures(db, today)), lastWeek: await dayFigures(db, lastWeek) };
}
