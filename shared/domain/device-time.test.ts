import { describe, expect, it } from 'vitest';
import { clockOffsetOf, clockToleranceMs, happenedAt } from './device-time';

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

describe('clockOffsetOf', () => {
  it.each([
    ['same clocks', 1000, 1200, 1100, 0],
    ['server 1 h ahead', 1000, 1200, 1100 + 3_600_000, 3_600_000],
    ['server 5 min behind', 1000, 1200, 1100 - 300_000, -300_000],
  ])('%s', (_case, sent, got, server, offset) => {
    expect(clockOffsetOf(sent, got, server)).toBe(offset);
  });
});
