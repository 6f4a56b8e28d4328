import { describe, expect, it } from 'vitest';
import { isCalendarDay, isStrictDate } from './dates';
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
