import { dayKey, isWithin, storedDateBounds, todayAndLastWeek, type Window } from '@shared/domain/dashboard';
import { expenses, jobCards, payments } from './dashboard-tables';
import { movesMoney } from '@shared/domain/customer-credit';

export interface DayFigures {
  incomeCents: number;
  /** The day's expenses, corrections netted (issue 27). */
  expensesCents: number;
  checkIns: number;
  finished: number;
}

export interface TodaySummary {
  today: DayFigures;
  /** The same weekday a week ago, midnight to the same time of day. */
  lastWeek: DayFigures;
}

/** Payments received in the window (a correction counts with its sign), through the date index. */
async function incomeIn(window: Window): Promise<number> {
  const [low, high] = storedDateBounds(window);
  const rows = await payments.where('date').between(low, high, true, true).toArray();
  // Customer credit spent or refunded as credit moved no money (shared/domain/customer-credit.ts).
  return rows.filter((payment) => isWithin(payment.date, window) && movesMoney(payment)).reduce((sum, payment) => sum + payment.amountCents, 0);
}

/**
 * The expenses of the window's day (issue 27), a correction with its sign, through the date index:
 * an expense is dated by its day, not its moment, so last week's is its whole day.
 */
async function expensesOn({ from }: Window): Promise<number> {
  const rows = await expenses.where('date').equals(dayKey(from)).toArray();
  return rows.filter((row) => !row.deleted).reduce((sum, row) => sum + row.amountCents, 0);
}

/** Jobs whose date in, or whose finish, lies in the window: counted on the index, no rows read. */
const countIn = (index: 'dateIn' | 'finishedAt', { from, to }: Window) => jobCards.where(index).between(from.toISOString(), to.toISOString(), true, true).count();

async function figuresOf(window: Window): Promise<DayFigures> {
  const [incomeCents, expensesCents, checkIns, finished] = await Promise.all([incomeIn(window), expensesOn(window), countIn('dateIn', window), countIn('finishedAt', window)]);
  return { incomeCents, expensesCents, checkIns, finished };
}

/**
 * The summary cards (spec 2.5): today's income, expenses, check-ins and finished jobs, and last week's.
 * The time is read when the query runs (on every change and every `tick`), so a job checked in a
 * second ago counts.
 */
export async function readTodaySummary(): Promise<TodaySummary> {
  const { today, lastWeek } = todayAndLastWeek(new Date());
  try {
    const [todayFigures, lastWeekFigures] = await Promise.all([figuresOf(today), figuresOf(lastWeek)]);
    return { today: todayFigures, lastWeek: lastWeekFigures };
  } catch (error) {
    // Spec 8: a summary failure is only logged; the zero values stay.
    console.error('Failed to load the dashboard summary', error);
    const zero = { incomeCents: 0, expensesCents: 0, checkIns: 0, finished: 0 };
    return { today: zero, lastWeek: zero };
  }
}
