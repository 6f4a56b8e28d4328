import { describe, expect, it } from 'vitest';
import { writeRate } from './write-rate';

describe('writeRate: rows a second and the time left, from the rows written so far', () => {
  it.each<[number, number, number, { perSecond: number; secondsLeft: number | null }]>([
    [0, 1000, 0, { perSecond: 0, secondsLeft: null }],
    [500, 1000, 2000, { perSecond: 250, secondsLeft: 2 }],
    [999, 1000, 9990, { perSecond: 100, secondsLeft: 1 }], // a part of a second left shows as one
    [1000, 1000, 4000, { perSecond: 250, secondsLeft: 0 }],
    [10, 50_000, 0, { perSecond: 0, secondsLeft: null }], // no time yet: no guess
  ])('%i of %i rows in %i ms', (done, total, ms, expected) => expect(writeRate(done, total, ms)).toEqual(expected));
});

describe('timeLeftText', () => {
  it.each<[number | null, string]>([
    [null, 'estimating…'],
    [0, 'a moment'],
    [42, '42 s'],
    [125, '2 min 5 s'],
  ])('%j', async (seconds, text) => expect((await import('./write-rate')).timeLeftText(seconds)).toBe(text));
});
