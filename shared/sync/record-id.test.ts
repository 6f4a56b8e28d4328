import { describe, expect, it, vi } from 'vitest';

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const timeOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

/** A device's generator, with its own counter and clock memory: a fresh copy of the module. */
async function device() {
  vi.resetModules();
  return (await import('./record-id')).newRecordId;
}

describe('newRecordId', () => {
  it.each([
    ['the epoch', 0],
    ['a day in 2026', Date.UTC(2026, 10, 28, 12, 0, 0)],
    ['a day in 2200', Date.UTC(2200, 0, 1)],
  ])('is a version 7 UUID carrying the time: %s', async (_, ms) => {
    const newRecordId = await device();
    const id = newRecordId(ms);
    expect(id).toMatch(uuidV7);
    expect(timeOf(id)).toBe(ms);
  });

  it('sorts as it was made, within a millisecond and across them (text order, as SQLite and IndexedDB compare keys)', async () => {
    const newRecordId = await device();
    const now = Date.now();
    const made = [now, now, now + 1, now + 1, now + 1, now + 250, now + 86_400_000].flatMap((ms) => Array.from({ length: 300 }, () => newRecordId(ms)));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('keeps increasing when the clock goes back, and when one millisecond holds more ids than its counter', async () => {
    const newRecordId = await device();
    const now = Date.now();
    const first = newRecordId(now + 10_000);
    const afterClockWentBack = newRecordId(now);
    expect(afterClockWentBack > first).toBe(true);
    // More ids than the 12-bit counter holds in one millisecond borrow the next one.
    const burst = Array.from({ length: 5000 }, () => newRecordId(now));
    expect([...burst].sort()).toEqual(burst);
    expect(burst.every((id) => uuidV7.test(id))).toBe(true);
    expect(timeOf(burst.at(-1)!)).toBeGreaterThan(timeOf(first));
  });

  it('gives two devices making ids in the same millisecond different ids', async () => {
    const mine = await device();
    const theirs = await device();
    const at = Date.now();
    const ids = [...Array.from({ length: 100 }, () => mine(at)), ...Array.from({ length: 100 }, () => theirs(at))];
    expect(new Set(ids).size).toBe(200);
  });
});
