/**
 * The dashboard's rules (spec 2.5, 7; decisions: captions and chart show real figures), written
 * once for the device and the server. Times are the local time of whoever computes them: the
 * tablet's, or the shop server's.
 */

export type Period = 'Day' | 'Week' | 'Month';
export const periods: readonly Period[] = ['Day', 'Week', 'Month'];

/** Day: today at midnight. Week: Monday of this week at midnight. Month: the 1st at midnight (spec 7). */
export function periodStart(period: Period, now: Date): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (period === 'Week') start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  if (period === 'Month') start.setDate(1);
  return start;
}

export interface Window {
  from: Date;
  to: Date;
}

/** The last millisecond of now's day (local time). */
export function endOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, -1);
}

/**
 * Today, and the same stretch of the same weekday a week earlier (midnight to the same time).
 * Today runs to its end, not to now: a live count that read up to 'now' would not be told of a job
 * checked in a second later (a live query re-runs only for changes inside the ranges it read), and
 * nothing is dated later today but by a clock a little ahead.
 */
export function todayAndLastWeek(now: Date): { today: Window; lastWeek: Window } {
  const from = periodStart('Day', now);
  const weekAgo = (date: Date) => {
    const shifted = new Date(date);
    shifted.setDate(shifted.getDate() - 7);
    return shifted;
  };
  return { today: { from, to: endOfDay(now) }, lastWeek: { from: weekAgo(from), to: weekAgo(now) } };
}

/**
 * A card's caption: the change against last week, one decimal, signed ('+12.5% from last week').
 * A change from nothing has no percentage: 'Up from 0 last week', or 'No change from last week'.
 */
export function changeCaption(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'No change from last week' : 'Up from 0 last week';
  return `${formatChange(current, previous)} from last week`;
}

/** '+23.5%' or '-0.5%'; '' when there is nothing to compare with. */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return '';
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(change * 10) / 10;
  return `${rounded >= 0 ? '+' : ''}${rounded.toFixed(1)}%`;
}

/** A calendar month as 'YYYY-MM' (local time). */
export function monthKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** A calendar day as 'YYYY-MM-DD' (local time). */
export function dayKey(date: Date): string {
  return `${monthKey(date)}-${String(date.getDate()).padStart(2, '0')}`;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `count` months up to and including now's, oldest first, with their labels ('Jun'). */
export function lastMonths(now: Date, count: number, endingMonthsAgo = 0): { key: string; label: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(now.getFullYear(), now.getMonth() - endingMonthsAgo - (count - 1 - index), 1);
    return { key: monthKey(date), label: monthNames[date.getMonth()]! };
  });
}

/** Whole-number shares of a total (the donut's legend); all 0 when the total is 0. */
export function wholePercent(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
export const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * When a stored date happened. Payments recorded from the due list carry a day ('2026-11-23', the
 * date picker's), sales an instant (ISO): a day counts from its local midnight.
 */
export function instantOf(text: string): Date {
  if (dateOnly.test(text)) {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  return new Date(text);
}

export const isWithin = (text: string, { from, to }: Window) => {
  const at = instantOf(text).getTime();
  return at >= from.getTime() && at <= to.getTime();
};

/**
 * Text bounds that hold every stored date of the window in either form, for an index range read
 * (then narrowed with isWithin): ISO instants sort by UTC, days by the local calendar.
 */
export function storedDateBounds({ from, to }: Window): [string, string] {
  const low = [from.toISOString(), localDay(from)].sort()[0]!;
  const high = [to.toISOString(), `${localDay(to)}\uffff`].sort()[1]!;
  return [low, high];
}

/**
 * Now's calendar month (local time): its window, from the 1st at midnight to the last millisecond of
 * its last day (the whole month, for the same reason today runs to its end), and its first and last
 * days as 'YYYY-MM-DD' (for dates kept as days: expenses).
 */
export function monthOf(now: Date): { window: Window; firstDay: string; lastDay: string } {
  const from = periodStart('Month', now);
  const lastDate = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  return { window: { from, to: endOfDay(lastDate) }, firstDay: dayKey(from), lastDay: dayKey(lastDate) };
}
