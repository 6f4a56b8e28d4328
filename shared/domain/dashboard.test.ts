import { describe, expect, it } from 'vitest';
import { changeCaption, formatChange, isWithin, lastMonths, monthKey, monthOf, periodStart, storedDateBounds, todayAndLastWeek, wholePercent, type Period } from './dashboard';

// Local times, so the table reads the same in any time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('period starts (spec 7)', () => {
  it.each<[string, Date, Period, Date]>([
    ['a Monday afternoon, day', at(2026, 11, 23, 15, 30), 'Day', at(2026, 11, 23)],
    ['a Monday afternoon, week', at(2026, 11, 23, 15, 30), 'Week', at(2026, 11, 23)],
    ['a Monday at midnight, week', at(2026, 11, 23), 'Week', at(2026, 11, 23)],
    ['a Sunday night, week starts the Monday before', at(2026, 11, 29, 23, 59), 'Week', at(2026, 11, 23)],
    ['a Sunday, day', at(2026, 11, 29, 8), 'Day', at(2026, 11, 29)],
    ['a Wednesday, week', at(2026, 11, 25, 9), 'Week', at(2026, 11, 23)],
    ['the 1st, month', at(2026, 12, 1, 0, 1), 'Month', at(2026, 12, 1)],
    ['the 31st, month', at(2026, 12, 31, 18), 'Month', at(2026, 12, 1)],
    ['a week across a month change', at(2026, 12, 2, 10), 'Week', at(2026, 11, 30)],
    ['a week across a year change', at(2027, 1, 1, 10), 'Week', at(2026, 12, 28)],
    ['a Sunday the 1st, week in the month before', at(2026, 3, 1, 12), 'Week', at(2026, 2, 23)],
  ])('%s', (_case, now, period, start) => {
    expect(periodStart(period, now)).toEqual(start);
  });
});

describe('today against the same day last week', () => {
  it('compares today with the stretch of the same day seven days earlier from midnight to now', () => {
    const { today, lastWeek } = todayAndLastWeek(at(2026, 12, 3, 14, 5));
    expect(today).toEqual({ from: at(2026, 12, 3), to: new Date(2026, 11, 3, 23, 59, 59, 999) });
    expect(lastWeek).toEqual({ from: at(2026, 11, 26), to: at(2026, 11, 26, 14, 5) });
  });
});

describe('captions', () => {
  it.each([
    [112.5, 100, '+12.5% from last week'],
    [99.5, 100, '-0.5% from last week'],
    [101, 100, '+1.0% from last week'],
    [100, 100, '+0.0% from last week'],
    [0, 4, '-100.0% from last week'],
    [3, 0, 'Up from 0 last week'],
    [0, 0, 'No change from last week'],
    [2, 3, '-33.3% from last week'],
    [3, 2, '+50.0% from last week'],
  ])('%d against %d: %j', (current, previous, caption) => {
    expect(changeCaption(current, previous)).toBe(caption);
  });

  it.each([
    [123.5, 100, '+23.5%'],
    [0.5, 1, '-50.0%'],
    [5, 0, ''],
  ])('the sales change %d against %d: %j', (current, previous, text) => {
    expect(formatChange(current, previous)).toBe(text);
  });
});

describe('months of the sales chart', () => {
  it('the last seven months end with this one, across a year change', () => {
    expect(lastMonths(at(2027, 2, 14), 7).map((m) => `${m.key} ${m.label}`)).toEqual([
      '2026-08 Aug',
      '2026-09 Sep',
      '2026-10 Oct',
      '2026-11 Nov',
      '2026-12 Dec',
      '2027-01 Jan',
      '2027-02 Feb',
    ]);
  });

  it('the seven before them', () => {
    expect(lastMonths(at(2026, 7, 31), 7, 7).map((m) => m.key)).toEqual(['2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12']);
  });

  it.each([
    [at(2026, 1, 1), '2026-01'],
    [at(2026, 12, 31, 23, 59), '2026-12'],
  ])('month key of %s', (date, key) => {
    expect(monthKey(date)).toBe(key);
  });
});

describe('whole-number percentages of the donut', () => {
  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [0, 0, 0],
    [5, 5, 100],
    [1, 8, 13],
  ])('%d of %d is %d%%', (part, total, percent) => {
    expect(wholePercent(part, total)).toBe(percent);
  });
});

describe('stored dates of either form', () => {
  const window = { from: at(2026, 11, 23), to: at(2026, 11, 23, 14, 5) };
  it.each([
    ['2026-11-23', true],
    ['2026-11-22', false],
    ['2026-11-24', false],
    [at(2026, 11, 23, 9).toISOString(), true],
    [at(2026, 11, 23, 14, 6).toISOString(), false],
    [at(2026, 11, 22, 23, 59).toISOString(), false],
  ])('%s lies within today until 14:05: %s', (text, inside) => {
    expect(isWithin(text, window)).toBe(inside);
    // Whatever lies within lies within the index bounds too.
    const [low, high] = storedDateBounds(window);
    if (inside) expect(text >= low && text <= high, `${text} in [${low}, ${high}]`).toBe(true);
  });
});

describe("the month of the month's result", () => {
  it.each([
    ['mid-month', new Date(2026, 10, 27, 14, 5), '2026-11-01', '2026-11-30'],
    ['the 1st at midnight', new Date(2026, 10, 1, 0, 0), '2026-11-01', '2026-11-30'],
    ['a leap February', new Date(2028, 1, 29, 23, 59), '2028-02-01', '2028-02-29'],
    ['December', new Date(2026, 11, 31, 12), '2026-12-01', '2026-12-31'],
  ])('%s', (_case, now, firstDay, lastDay) => {
    const month = monthOf(now);
    expect([month.firstDay, month.lastDay]).toEqual([firstDay, lastDay]);
    const [y, m, d] = lastDay.split('-').map(Number) as [number, number, number];
    expect(month.window).toEqual({ from: new Date(y, m - 1, 1), to: new Date(y, m - 1, d, 23, 59, 59, 999) });
  });
});
