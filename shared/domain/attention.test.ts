import { describe, expect, it } from 'vitest';
import { isBelowReorderLevel, openTooLong, pastDue, pastDueBefore, promisePassed, registerSilent, stockNeedsAttention } from './attention';

describe('what needs attention', () => {
  it.each([
    [{ stockHundredths: -100, reorderLevel: 5 }, 'belowZero'],
    [{ stockHundredths: -1, reorderLevel: 0 }, 'belowZero'],
    [{ stockHundredths: 400, reorderLevel: 5 }, 'belowReorder'],
    [{ stockHundredths: 499, reorderLevel: 5 }, 'belowReorder'],
    [{ stockHundredths: 500, reorderLevel: 5 }, null],
    [{ stockHundredths: 0, reorderLevel: 0 }, null],
    [{ stockHundredths: 250, reorderLevel: 3 }, 'belowReorder'],
  ] as const)('stock %j: %s', (item, answer) => {
    expect(stockNeedsAttention(item)).toBe(answer);
  });

  // The reorder-level rule (issue 47: the bell listed 2 of 3 while the spec's report, below 2, had none).
  it.each([
    [{ stockHundredths: 200, reorderLevel: 3 }, true], // the shop's headlamp bulb, 2 of 3
    [{ stockHundredths: 299, reorderLevel: 3 }, true],
    [{ stockHundredths: 300, reorderLevel: 3 }, false], // at the level is not below it
    [{ stockHundredths: 1, reorderLevel: 1 }, true],
    [{ stockHundredths: 0, reorderLevel: 0 }, false], // a level of 0 asks for nothing…
    [{ stockHundredths: -1, reorderLevel: 0 }, true], // …but stock below zero is below it
    [{ stockHundredths: -100, reorderLevel: 5 }, true],
    [{ stockHundredths: 100_000_000, reorderLevel: 1_000_000 }, false],
  ] as const)('below its reorder level %j: %s', (item, answer) => {
    expect(isBelowReorderLevel(item)).toBe(answer);
    // The bell names exactly these items, so its entries and the report's view agree.
    expect(stockNeedsAttention(item) !== null).toBe(answer);
  });

  it.each([
    [{ status: 'Open', promisedDate: '2026-11-27', promisedTime: '10:00' }, '2026-11-27T10:01', true],
    [{ status: 'Open', promisedDate: '2026-11-27', promisedTime: '10:00' }, '2026-11-27T10:00', false],
    [{ status: 'Suspended', promisedDate: '2026-11-26', promisedTime: '' }, '2026-11-27T08:00', true],
    [{ status: 'Open', promisedDate: '2026-11-27', promisedTime: '' }, '2026-11-27T23:00', false],
    [{ status: 'Finished', promisedDate: '2026-11-01', promisedTime: '09:00' }, '2026-11-27T08:00', false],
    [{ status: 'Open', promisedDate: '', promisedTime: '' }, '2026-11-27T08:00', false],
  ] as const)('promise %j at %s: %s', (job, now, answer) => {
    expect(promisePassed(job, now)).toBe(answer);
  });

  it.each([
    [{ status: 'Open', dateIn: '2026-11-19' }, '2026-11-27', true],
    [{ status: 'Open', dateIn: '2026-11-20' }, '2026-11-27', false],
    [{ status: 'Suspended', dateIn: '2026-10-01T08:00:00.000Z' }, '2026-11-27', true],
    [{ status: 'Finished', dateIn: '2026-10-01' }, '2026-11-27', false],
  ] as const)('open since %j on %s: %s', (job, today, answer) => {
    expect(openTooLong(job, today)).toBe(answer);
  });

  it.each([
    [{ status: 'Due', date: '2026-11-12T09:00:00.000Z' }, '2026-11-27', true],
    [{ status: 'Due', date: '2026-11-13T09:00:00.000Z' }, '2026-11-27', false],
    [{ status: 'Paid', date: '2026-10-01T09:00:00.000Z' }, '2026-11-27', false],
  ] as const)('invoice %j on %s: %s', (invoice, today, answer) => {
    expect(pastDue(invoice, today)).toBe(answer);
    // The index range the bell reads gives the same answer: dated before the cut-off day.
    expect(invoice.status === 'Due' && invoice.date < pastDueBefore(today)).toBe(answer);
  });

  const now = Date.parse('2026-11-27T09:00:00.000Z');
  it.each([
    [{ lastContactAt: '2026-11-26T08:59:59.000Z', createdAt: '2026-11-01T00:00:00.000Z' }, true],
    [{ lastContactAt: '2026-11-26T09:00:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' }, false],
    [{ lastContactAt: null, createdAt: '2026-11-20T00:00:00.000Z' }, true],
    [{ lastContactAt: null, createdAt: '2026-11-27T08:00:00.000Z' }, false],
  ] as const)('register %j silent: %s', (register, answer) => {
    expect(registerSilent(register, now)).toBe(answer);
  });
});
