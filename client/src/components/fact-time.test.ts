import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FactTime } from './fact-time';

// What is said beside a fact's time: the device's clock ahead (positive clockAheadMs), behind
// (negative: set to the earliest believable time, shared/domain/device-time.ts), or a late sync.
describe('FactTime', () => {
  const at = '2026-11-26T09:43:00.000Z';
  it.each([
    ['on time', { receivedAt: '2026-11-26T09:44:00.000Z', clockAheadMs: 0 }, null],
    ['synced later', { receivedAt: '2026-11-26T12:00:00.000Z', clockAheadMs: 0 }, 'synced'],
    ['a clock ahead', { receivedAt: at, clockAheadMs: 86_400_000 }, '(device clock was ahead)'],
    ['a clock behind', { receivedAt: '2026-11-26T12:00:00.000Z', clockAheadMs: -86_400_000 }, '(device clock was behind)'],
  ])('%s', (_case, fact, note) => {
    const html = renderToStaticMarkup(h(FactTime, { at, fact }));
    for (const words of ['(device clock was ahead)', '(device clock was behind)', 'synced']) expect(html.includes(words), words).toBe(words === note);
  });
});
