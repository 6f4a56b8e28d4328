import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttledReads, touchesTables } from './use-throttled-query';

describe('touchesTables: which of Dexie’s changed parts matter', () => {
  const cases: [string, string[], boolean][] = [
    ['a row of a watched table', ['idb://garage/items/'], true],
    ['an index of a watched table', ['idb://garage/invoices/[status+date]'], true],
    ['the outbox only', ['idb://garage/outbox/', 'idb://garage/outbox/touches', 'idb://garage/sent/'], false],
    ['a table whose name begins like a watched one', ['idb://garage/itemsArchive/'], false],
    ['the same table of another database', ['idb://other/items/'], false],
    ['nothing', [], false],
  ];
  it.each(cases)('%s', (_name, parts, expected) => {
    expect(touchesTables(parts, 'garage', ['items', 'invoices'])).toBe(expected);
  });
});

describe('throttledReads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A read that takes `readMs` and counts its starts. */
  function reader(readMs: number) {
    const starts: number[] = [];
    const reads = throttledReads(async () => {
      starts.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, readMs));
    }, 1000);
    return { starts, reads };
  }

  it('reads at once after a quiet spell', async () => {
    const { starts, reads } = reader(10);
    const t0 = Date.now();
    reads.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([t0]);
    await vi.advanceTimersByTimeAsync(5000);
    reads.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - t0).toBeGreaterThanOrEqual(5000);
    expect(starts[1]! - t0).toBeLessThan(5010);
  });

  it('reads at most once a second while changes keep coming, and once more after the last', async () => {
    const { starts, reads } = reader(10);
    const t0 = Date.now();
    // 300 changes, one every 10 ms (an import's pushes settling), for 3 seconds.
    for (let i = 0; i < 300; i++) {
      reads.changed();
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000);
    // The last change (at 2,990 ms) is read after it.
    expect(starts.at(-1)).toBeGreaterThanOrEqual(t0 + 2990);
  });

  it('a change during a read is read again once the read is done', async () => {
    const { starts, reads } = reader(1500);
    const t0 = Date.now();
    reads.changed();
    await vi.advanceTimersByTimeAsync(100);
    reads.changed(); // the first read is still running
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - t0).toBeGreaterThanOrEqual(1500);
    expect(starts[1]! - t0).toBeLessThan(1510);
  });

  it('reads nothing once stopped', async () => {
    const { starts, reads } = reader(10);
    reads.changed();
    await vi.advanceTimersByTimeAsync(0);
    reads.changed();
    reads.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toHaveLength(1);
  });
});
