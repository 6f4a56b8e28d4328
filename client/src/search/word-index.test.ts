import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchesTokens } from '@shared/domain/search-words';
import { compareEntries, scanOrder, toEntry, type Entry } from './entries';
import { mergeRuns } from './merge-runs';
import { WordIndex } from './word-index';
import { PackedEntries } from './packed-entries';
import { encodeSnapshot } from './snapshot';

// The pure index, without IndexedDB: rows as the write middleware leaves them (searchWords, sortKey).
const row = (id: string, key: string, ...words: string[]) => ({ id, sortKey: key, searchWords: words });
const rows = [
  row('a1', 'brake pad', 'brake', 'pad', 'bosch'),
  row('a2', 'brake pad', 'brake', 'pad', 'denso'),
  row('b1', 'oil filter', 'oil', 'filter', '5w-30'),
  row('c1', 'spark plug', 'spark', 'plug', 'denso'),
  row('d1', 'éclair', 'éclair'),
  row('e1', 'oil', 'oil'),
  { id: 'f1' }, // no derived fields: sorts first, matches no word
  row('g1', '~tag', '~finished', 'perera'),
  row('g2', 'perera', 'perera', '~current'),
];

// Every case runs on an index made from entries and on one loaded from a snapshot's strings
// (search/packed-entries.ts: entries made only as they are needed).
const made = (entries: Entry[]) => WordIndex.of(entries);
const loaded = (entries: Entry[]) => new WordIndex(PackedEntries.of(encodeSnapshot([...entries].sort(compareEntries))!)!);
let indexOf = made;
const eachWay = (body: () => void) =>
  describe.each([
    ['made from entries', made],
    ['loaded from a snapshot', loaded],
  ])('%s', (_, way) => {
    beforeEach(() => {
      indexOf = way;
    });
    body();
  });
const index = () => indexOf(rows.map(toEntry));
const ids = (entries: readonly Entry[]) => entries.map((entry) => entry.id);

/** The page a plain filter and sort of the rows gives. */
function reference(source: { id: string; sortKey?: string; searchWords?: string[] }[], tokens: string[], offset: number, size: number) {
  const matching = source
    .filter((each) => tokens.length === 0 || matchesTokens(each.searchWords ?? [], tokens))
    .map((each) => ({ id: each.id, key: each.sortKey ?? '', words: '' }))
    .sort(compareEntries);
  return { ids: matching.slice(offset, offset + size).map((entry) => entry.id), total: matching.length };
}

eachWay(() =>
  describe('WordIndex.find', () => {
    const cases: { tokens: string[]; offset: number; size: number; ids: string[]; total: number }[] = [
      { tokens: [], offset: 0, size: 3, ids: ['f1', 'a1', 'a2'], total: 9 },
      { tokens: [], offset: 7, size: 3, ids: ['g1', 'd1'], total: 9 }, // by code unit: '~' before 'é'
      { tokens: [], offset: 20, size: 3, ids: [], total: 9 },
      { tokens: ['brake'], offset: 0, size: 10, ids: ['a1', 'a2'], total: 2 },
      { tokens: ['br'], offset: 1, size: 10, ids: ['a2'], total: 2 },
      { tokens: ['rake'], offset: 0, size: 10, ids: [], total: 0 }, // inside a word, not at its start
      { tokens: ['denso'], offset: 0, size: 10, ids: ['a2', 'c1'], total: 2 },
      { tokens: ['pad', 'denso'], offset: 0, size: 10, ids: ['a2'], total: 1 },
      { tokens: ['denso', 'pad'], offset: 0, size: 10, ids: ['a2'], total: 1 },
      { tokens: ['oil'], offset: 0, size: 10, ids: ['e1', 'b1'], total: 2 }, // 'oil' sorts before 'oil filter'
      { tokens: ['5w'], offset: 0, size: 10, ids: ['b1'], total: 1 },
      { tokens: ['éc'], offset: 0, size: 10, ids: ['d1'], total: 1 },
      { tokens: ['perera', '~finished'], offset: 0, size: 10, ids: ['g1'], total: 1 },
      { tokens: ['~current'], offset: 0, size: 10, ids: ['g2'], total: 1 },
      { tokens: ['p'], offset: 0, size: 2, ids: ['a1', 'a2'], total: 5 },
      { tokens: ['xyz'], offset: 0, size: 10, ids: [], total: 0 },
    ];
    it.each(cases)('$tokens at $offset (+$size): $ids of $total', ({ tokens, offset, size, ids: expected, total }) => {
      const found = index().find(tokens, offset, size);
      expect(ids(found.entries)).toEqual(expected);
      expect(found.total).toBe(total);
      expect(reference(rows, tokens, offset, size)).toEqual({ ids: expected, total });
    });

    it("tells how far apart a page's entries lie (the rows' read picks a range or single reads)", () => {
      expect(index().find([], 2, 3).span).toBe(3);
      expect(index().find(['denso'], 0, 10).span).toBe(5); // a2 at 2, c1 at 6
      expect(index().find(['xyz'], 0, 10).span).toBe(0);
    });

    it('answers a search typed again from the remembered matches, and the same as the first time', () => {
      const words = index();
      const first = ids(words.find(['p'], 0, 10).entries);
      for (let i = 0; i < 12; i++) words.find([`x${i}`], 0, 1); // more word sets than it remembers
      expect(ids(words.find(['p'], 0, 10).entries)).toEqual(first);
    });
  }),
);

eachWay(() =>
  describe('WordIndex.find, a search that asks more than one it remembers (the next keystroke)', () => {
    afterEach(() => vi.restoreAllMocks());

    // The rows above among 100 others, so that most searches match a small part of the table.
    const shop = [...rows, ...Array.from({ length: 100 }, (_, i) => row(`z${String(i).padStart(3, '0')}`, `zz ${i}`, 'filler', `f${i}`))];
    // Searches typed one after another on one index; the last is checked against a sort of the rows.
    const cases: { name: string; typed: string[][]; narrows: boolean }[] = [
      { name: 'a word typed on', typed: [['b'], ['br'], ['brake']], narrows: true },
      { name: 'a second word after the first', typed: [['brake'], ['brake', 'd']], narrows: true },
      { name: 'the second word typed on', typed: [['pad'], ['pad', 'd'], ['pad', 'den']], narrows: true },
      { name: 'a filter word added', typed: [['perera'], ['perera', '~finished']], narrows: true },
      { name: 'a word that now matches nothing', typed: [['den'], ['dent']], narrows: true },
      { name: 'a word taken back (asks less: scanned)', typed: [['brake'], ['br']], narrows: false },
      { name: 'another word (scanned)', typed: [['oil'], ['pad']], narrows: false },
      {
        name: 'a word changed, not typed on (scanned)',
        typed: [
          ['pad', 'bosch'],
          ['pad', 'denso'],
        ],
        narrows: false,
      },
      // Looking at each of most of the table's rows is slower than one scan ('~finished' at 97%).
      { name: 'after a search that matched much of the table (scanned)', typed: [['f'], ['f1']], narrows: false },
    ];
    it.each(cases)('$name: $typed', ({ typed, narrows }) => {
      const words = indexOf(shop.map(toEntry));
      for (const tokens of typed.slice(0, -1)) words.find(tokens, 0, 10);
      // A scan of the whole table's string is what the narrowing saves; watched through indexOf.
      const scans = vi.spyOn(String.prototype, 'indexOf');
      const last = typed.at(-1)!;
      const found = words.find(last, 0, 10);
      expect(scans.mock.calls.length > 0).toBe(!narrows);
      scans.mockRestore();
      expect({ ids: ids(found.entries), total: found.total }).toEqual(reference(shop, last, 0, 10));
    });
  }),
);

eachWay(() =>
  describe('WordIndex.patched', () => {
    const cases: { name: string; keys: string[]; fresh: { id: string; sortKey?: string; searchWords?: string[] }[] }[] = [
      { name: 'a new row', keys: ['h1'], fresh: [row('h1', 'air filter', 'air', 'filter')] },
      { name: 'a renamed row moves', keys: ['a1'], fresh: [row('a1', 'zeta', 'zeta', 'brake')] },
      { name: 'a deleted row goes', keys: ['b1'], fresh: [] },
      { name: 'a key the index never held, deleted', keys: ['zz'], fresh: [] },
      { name: 'a row that gains words', keys: ['f1'], fresh: [row('f1', 'filter', 'filter', 'oil')] },
      {
        name: 'a page of 2,000 rows (merged, not spliced)',
        keys: Array.from({ length: 2000 }, (_, i) => `n${i}`).concat('c1'),
        fresh: Array.from({ length: 2000 }, (_, i) => row(`n${i}`, `item ${String(2000 - i).padStart(4, '0')}`, 'item', i % 2 ? 'oil' : 'pad')),
      },
    ];
    it.each(cases)('$name: every search answers as a sort of the rows after the change', async ({ keys, fresh }) => {
      const before = index();
      const after = await before.patched(keys, fresh.map(toEntry), () => Promise.resolve());
      const changed = new Set(keys);
      const source = [...rows.filter((each) => !changed.has(each.id)), ...fresh];
      expect(after.size).toBe(source.length);
      for (const tokens of [[], ['oil'], ['filter'], ['brake'], ['p'], ['pad', 'item'], ['zeta']]) {
        const found = after.find(tokens, 0, 50);
        expect({ ids: ids(found.entries), total: found.total }, tokens.join(' ')).toEqual(reference(source, tokens, 0, 50));
      }
    });

    it('forgets the remembered matches of a search when patched', async () => {
      const words = index();
      expect(words.find(['oil'], 0, 10).total).toBe(2);
      const after = await words.patched(['h1'], [toEntry(row('h1', 'oil can', 'oil', 'can'))]);
      expect(after.find(['oil'], 0, 10).total).toBe(3);
    });

    it('answers the same after a patch whether it was searched before it or not', async () => {
      const searched = index();
      searched.find(['p'], 0, 10);
      const patch = [toEntry(row('a1', 'pump', 'pump'))];
      const [a, b] = await Promise.all([searched.patched(['a1'], patch), index().patched(['a1'], patch)]);
      expect(ids(a.find(['p'], 0, 10).entries)).toEqual(ids(b.find(['p'], 0, 10).entries));
      expect(ids(a.all())).toEqual(ids(b.all()));
    });
  }),
);

describe('mergeRuns and scanOrder', () => {
  it('merges sorted runs into one sorted list, pausing between slices', async () => {
    const runs = [5, 0, 1, 3000, 7].map((length, run) =>
      Array.from({ length }, (_, i) => toEntry(row(`r${run}-${i}`, `k${String((i * 7919 + run) % 1000).padStart(4, '0')}`))).sort(compareEntries),
    );
    const merged = await mergeRuns(runs, () => Promise.resolve());
    expect(merged).toEqual(runs.flat().sort(compareEntries));
  });

  it.each([
    [
      ['a', 'brake'],
      ['brake', 'a'],
    ],
    [
      ['~finished', 'p'],
      ['p', '~finished'],
    ],
    [['oil', 'oil'], ['oil']],
    [[], []],
  ])('%j is scanned as %j (longest typed word first, filter words last)', (tokens, order) => {
    expect(scanOrder(tokens)).toEqual(order);
  });
});

describe('a range of sort keys (the Reminders list by the day things are due)', () => {
  const due = [
    row('r1', '2026-11-30', 'cab1234', 'perera'),
    row('r2', '2026-12-06', 'kv4567', 'silva'),
    row('r3', '2026-12-07', 'wp1111', 'perera'),
    row('r4', '2026-12-13', 'cab9999', 'fernando'),
    row('r5', '2026-12-14', 'nb2222', 'perera'),
    row('r6', '2027-01-20', 'ka3333', 'perera'),
  ].map(toEntry);
  it.each([
    // [what, tokens, from, to, ids on the page, total]
    ['overdue: before today', [], '2025-12-07', '2026-12-07', ['r1', 'r2'], 2],
    ['this week: today and six days', [], '2026-12-07', '2026-12-14', ['r3', 'r4'], 2],
    ['a word within the week', ['perera'], '2026-12-07', '2026-12-14', ['r3'], 1],
    ['a word over everything from a day', ['perera'], '2026-12-01', '9999-12-31', ['r3', 'r5', 'r6'], 3],
    ['nothing in range', ['silva'], '2026-12-07', '2026-12-14', [], 0],
    ['a range after every key', [], '2028-01-01', '2029-01-01', [], 0],
  ])('%s', (_what, tokens, from, to, ids, total) => {
    for (const index of [made(due), loaded(due)]) {
      const page = index.find(tokens, 0, 10, { from, to });
      expect(page.entries.map((entry) => entry.id)).toEqual(ids);
      expect(page.total).toBe(total);
    }
  });

  it('pages within the range', () => {
    const page = made(due).find([], 1, 2, { from: '2026-12-01', to: '2027-12-31' });
    expect(page.entries.map((entry) => entry.id)).toEqual(['r3', 'r4']);
    expect(page.total).toBe(5);
  });
});
