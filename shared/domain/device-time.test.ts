import { describe, expect, it } from 'vitest';
import { clockOffsetOf, clockToleranceMs, happenedAt } from './device-time';
import { dateWindow } from './date-window';

const received = Date.parse('2026-11-26T12:00:00.000Z');
const minutes = (n: number) => n * 60_000;

describe('happenedAt', () => {
  it.each([
    // device time, offset, expected time, expected clockAheadMs
    ['a right clock, a day offline', '2026-11-25T09:43:00.000Z', 0, '2026-11-25T09:43:00.000Z', 0],
    ['a clock 2 h slow', '2026-11-26T07:43:00.000Z', minutes(120), '2026-11-26T09:43:00.000Z', 0],
    ['a clock 3 h fast', '2026-11-26T12:43:00.000Z', -minutes(180), '2026-11-26T09:43:00.000Z', 0],
    ['noise: 30 s after the arrival', '2026-11-26T12:00:30.000Z', 0, '2026-11-26T12:00:00.000Z', 0],
    ['just inside the tolerance', '2026-11-26T12:02:00.000Z', 0, '2026-11-26T12:00:00.000Z', 0],
    ['clock set forward a day while offline', '2026-11-27T11:00:00.000Z', 0, '2026-11-26T12:00:00.000Z', minutes(23 * 60)],
    ['an unreadable device time', 'not a time', 0, '2026-11-26T12:00:00.000Z', 0],
    ['an unreadable offset', '2026-11-26T09:43:00.000Z', Number.NaN, '2026-11-26T09:43:00.000Z', 0],
  ])('%s', (_case, device, offset, at, ahead) => {
    expect(happenedAt(device as string, offset as number, received)).toEqual({ at, clockAheadMs: ahead });
  });

  it('flags only beyond the tolerance', () => {
    const justOver = new Date(received + clockToleranceMs + 1).toISOString();
    expect(happenedAt(justOver, 0, received).clockAheadMs).toBe(clockToleranceMs + 1);
  });
});

describe('happenedAt: the earliest believable time (issue 42)', () => {
  const day = 24 * 3600_000;
  const windowStart = received - dateWindow.daysBack * day; // 2025-11-25T12:00:00.000Z
  const met = Date.parse('2026-06-01T00:00:00.000Z');
  const minDate = '-271821-04-20T00:00:00.000Z'; // the earliest time a JavaScript Date holds
  const maxDate = '+275760-09-13T00:00:00.000Z'; // and the latest
  it.each([
    // device time, offset, when the server first met the device, expected time, expected clockAheadMs (negative: behind)
    ['met long ago, a day offline', '2026-11-25T09:43:00.000Z', 0, met, '2026-11-25T09:43:00.000Z', 0],
    ['exactly when it was met', '2026-06-01T00:00:00.000Z', 0, met, '2026-06-01T00:00:00.000Z', 0],
    ['a minute before it was met: the measuring noise', '2026-05-31T23:59:00.000Z', 0, met, '2026-06-01T00:00:00.000Z', 0],
    ['a month before it was met: its clock was behind', '2026-05-01T00:00:00.000Z', 0, met, '2026-06-01T00:00:00.000Z', -31 * day],
    ['a slow clock corrected to before it was met', '2026-06-01T00:00:00.000Z', -2 * day, met, '2026-06-01T00:00:00.000Z', -2 * day],
    ['1970, not met: the date window bounds it', '1970-01-01T00:00:00.000Z', 0, undefined, '2025-11-25T12:00:00.000Z', -windowStart],
    ['1970, met before the window began', '1970-01-01T00:00:00.000Z', 0, Date.parse('2024-01-01T00:00:00.000Z'), '2025-11-25T12:00:00.000Z', -windowStart],
    ['met at an unreadable time: the window alone', '2025-01-01T00:00:00.000Z', 0, Number.NaN, '2025-11-25T12:00:00.000Z', -(windowStart - Date.parse('2025-01-01T00:00:00.000Z'))],
    ['met after the arrival (cannot be): the arrival bounds it', '2026-11-26T11:00:00.000Z', 0, received + day, '2026-11-26T12:00:00.000Z', -60 * 60_000],
    ['the earliest Date, an offset further back', minDate, -60_000, met, '2026-06-01T00:00:00.000Z', -(met - Date.parse(minDate) + 60_000)],
    ['the latest Date, an offset further on', maxDate, 60_000, met, '2026-11-26T12:00:00.000Z', Date.parse(maxDate) + 60_000 - received],
    ['an offset no clock has', '2026-11-26T09:43:00.000Z', -Number.MAX_VALUE, met, '2026-06-01T00:00:00.000Z', -Number.MAX_SAFE_INTEGER],
    ['an offset no clock has, ahead', '2026-11-26T09:43:00.000Z', Number.MAX_VALUE, met, '2026-11-26T12:00:00.000Z', Number.MAX_SAFE_INTEGER],
  ])('%s', (_case, device, offset, firstMet, at, flag) => {
    expect(happenedAt(device as string, offset as number, received, firstMet as number | undefined)).toEqual({ at, clockAheadMs: flag });
  });

  it('never throws, and always answers a time between the floor and the arrival', () => {
    const times = [minDate, maxDate, '-000001-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z', 'not a time', '', '2026-11-26T12:00:00.000Z'];
    const offsets = [0, -1, 1, -Number.MAX_VALUE, Number.MAX_VALUE, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const time of times)
      for (const offset of offsets)
        for (const firstMet of [undefined, met, Number.NaN, -Infinity]) {
          const when = happenedAt(time, offset, received, firstMet);
          expect(Date.parse(when.at), `${time} ${offset} ${firstMet}`).toBeGreaterThanOrEqual(windowStart);
          expect(Date.parse(when.at)).toBeLessThanOrEqual(received);
          expect(Number.isSafeInteger(when.clockAheadMs)).toBe(true);
        }
  });
});

describe('clockOffsetOf', () => {
  it.each([
    ['same clocks', 1000, 1200, 1100, 0],
    ['server 1 h ahead', 1000, 1200, 1100 + 3_600_000, 3_600_000],
    ['server 5 min behind', 1000, 1200, 1100 - 300_000, -300_000],
  ])('%s', (_case, sent, got, server, offset) => {
    expect(clockOffsetOf(sent, got, server)).toBe(offset);
  });
});
