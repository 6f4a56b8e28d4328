import { describe, expect, it } from 'vitest';
import { isCalendarDay, isStrictDate, readTypedDay, typedDayText } from './dates';
import { isWithinDateWindow } from '../domain/date-window';

describe('isCalendarDay and isStrictDate', () => {
  it.each<[string, boolean, boolean]>([
    // text, a calendar day, a strict date
    ['2026-11-23', true, true],
    ['2024-02-29', true, true], // a leap year
    ['2000-02-29', true, true], // divisible by 400
    ['1900-02-29', false, false], // divisible by 100 only
    ['2026-02-29', false, false],
    ['2025-02-30', false, false],
    ['2026-04-31', false, false],
    ['2026-12-31', true, true],
    ['2026-13-01', false, false],
    ['2026-00-01', false, false],
    ['2026-01-00', false, false],
    ['0000-01-01', false, false],
    ['26-11-23', false, false],
    ['2026-1-23', false, false],
    ['23/11/2026', false, false],
    ['', false, false],
    ['2026-11-23T09:00:00.000Z', false, true],
    ['2026-11-23T09:00:00Z', false, true],
    ['2026-11-23T09:00Z', false, true],
    ['2026-11-23T09:00', false, true],
    ['2026-11-23T14:30:00+05:30', false, true],
    ['2026-11-23T23:59:59.999Z', false, true],
    ['2026-11-23T24:00:00Z', false, false],
    ['2026-11-23T10:60:00Z', false, false],
    ['2026-11-23T10:00:60Z', false, false],
    ['2026-11-23T10:00:00+25:00', false, false],
    ['2025-02-30T10:00:00.000Z', false, false],
    ['2026-11-23 09:00', false, false],
    ['2026-11-23garbage', false, false],
    ['2026-11-23T09', false, false],
  ])('%s', (text, day, strict) => {
    expect(isCalendarDay(text)).toBe(day);
    expect(isStrictDate(text)).toBe(strict);
  });
});

describe('isWithinDateWindow', () => {
  const now = '2026-11-26T01:00:00.000Z';
  it.each<[string, boolean]>([
    [now, true],
    ['2026-11-26', true],
    ['2026-11-27', true], // the shop's day ahead of UTC
    ['2026-11-28', false],
    ['2026-11-27T01:00:00.000Z', true], // a day ahead, exactly
    ['2026-11-27T01:00:00.001Z', false],
    ['2025-11-25T01:00:00.000Z', true], // 366 days back, exactly
    ['2025-11-25T00:59:59.999Z', false],
    ['2025-11-25', true],
    ['2025-11-24', false],
    ['1970-01-01T00:00:00.000Z', false],
    ['9999-12-31', false],
  ])('%s', (date, within) => expect(isWithinDateWindow(date, now)).toBe(within));
});

describe('readTypedDay and typedDayText', () => {
  it.each<[string, string | null]>([
    // typed, the day it is (null: not a day)
    ['27/11/2026', '2026-11-27'],
    ['05/12/2026', '2026-12-05'],
    ['5/12/2026', '2026-12-05'], // one-digit day and month
    ['5/1/2026', '2026-01-05'],
    ['27-11-2026', '2026-11-27'],
    ['27.11.2026', '2026-11-27'],
    ['  27/11/2026 ', '2026-11-27'], // spaces around are ignored
    ['31/12/2026', '2026-12-31'],
    ['29/02/2024', '2024-02-29'], // a leap year
    ['29/02/2000', '2000-02-29'], // divisible by 400
    ['29/02/1900', null], // divisible by 100 only
    ['29/02/2026', null],
    ['31/02/2026', null], // an impossible day, not 3 March
    ['31/04/2026', null],
    ['00/11/2026', null],
    ['27/00/2026', null],
    ['27/13/2026', null],
    ['01/01/0000', null],
    ['27/11/26', null], // a two-digit year is refused
    ['27/11/202', null],
    ['27/11/20266', null],
    ['27 / 11 / 2026', null], // spaces inside
    ['27 11 2026', null],
    ['2711 2026', null],
    ['27112026', null],
    ['27/11-2026', null], // two kinds of separator
    ['2026-11-27', null], // the ISO order is not how a cashier types it
    ['11/27/2026', null], // mm/dd/yyyy: no month 27
    ['27/11/2026x', null],
    ['', null],
    ['   ', null],
  ])('%j', (typed, day) => expect(readTypedDay(typed)).toBe(day));

  it.each<[string, string]>([
    ['2026-11-27', '27/11/2026'],
    ['2026-01-05', '05/01/2026'],
    ['', ''],
    ['31/02/2026', '31/02/2026'], // not a day: shown as typed
    ['2026-02-30', '2026-02-30'],
  ])('%j shows as %j', (day, text) => expect(typedDayText(day)).toBe(text));

  it('reads back what it shows', () => {
    for (const day of ['2026-11-27', '2024-02-29', '1999-12-31']) expect(readTypedDay(typedDayText(day))).toBe(day);
  });
});
