import { compareEntries, lowerBound, rowSeparator, scanOrder, separator, separatorCode, type Entry } from './entries';
import { mergeRuns } from './merge-runs';
import type { PackedEntries } from './packed-entries';
import { rememberedSearches, splicePatch } from './tuning';

/** A remembered search narrows the next one only when it matched at most this fraction of the rows (1 in 8). */
const narrowFromAtMost = 8;

/** Sort keys from `from` up to, not including, `to` (compared as the sort index compares them). */
export interface KeyRange {
  from: string;
  to: string;
}

/** A page found in the index: its entries in order, how far apart they lie, and how many rows match in all. */
export interface FoundPage {
  entries: Entry[];
  /** Positions from the page's first entry to its last, inclusive (0 for an empty page). */
  span: number;
  total: number;
}

/**
 * Why an in-memory index (docs/benchmarks-history.md, "Findings (2026-11-21)"): with 50,000 items, every
 * IndexedDB read that touches many entries costs milliseconds per thousand on a 2-core machine. So
 * each searchable table keeps its rows' ids in `sortKey` order with their search words. A keystroke
 * is then a scan of one string of all the words, a page change an array slice.
 *
 * Pure: it holds entries and knows nothing of IndexedDB (search/table-index.ts feeds it).
 */
export class WordIndex {
  /** The entries, once made: an index loaded from a snapshot makes them at its first change (or save). */
  private list: Entry[] | undefined;
  /** The snapshot's strings the index was loaded from, until the entries are made. */
  private packed: PackedEntries | undefined;
  /** The entries by id, made when first needed (a patch): a loaded snapshot answers searches without it. */
  private byIdMap: Map<string, Entry> | undefined;
  /**
   * Every entry's words in one string, in sort order (made on the first search after a change), and
   * the positions of the rows that matched the last few word sets (dropped with it on any change).
   */
  private text: { all: string; starts: Int32Array; found: Map<string, Int32Array> } | null = null;

  /** `entries` in sort order (compareEntries), each id once: made, or as a snapshot holds them. */
  constructor(entries: Entry[] | PackedEntries, byId?: Map<string, Entry>) {
    if (Array.isArray(entries)) this.list = entries;
    else this.packed = entries;
    this.byIdMap = byId;
  }

  private get entries(): Entry[] {
    if (!this.list) {
      this.list = this.packed!.entries();
      this.packed = undefined; // the text made from it stays true: the same entries in the same order
    }
    return this.list;
  }

  /** Entry i, made only for this call while the index is still the snapshot's strings. */
  private entryAt(i: number): Entry {
    return this.list ? this.list[i]! : this.packed!.entryAt(i);
  }

  private wordsAt(i: number): string {
    return this.list ? this.list[i]!.words : this.packed!.wordsAt(i);
  }

  private get byId(): Map<string, Entry> {
    this.byIdMap ??= new Map(this.entries.map((entry) => [entry.id, entry]));
    return this.byIdMap;
  }

  /** Entries already sorted or not: sorted here. */
  static of(entries: Entry[]): WordIndex {
    return new WordIndex([...entries].sort(compareEntries));
  }

  get size(): number {
    return this.list ? this.list.length : this.packed!.count;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The entries in sort order (not to be changed). */
  all(): readonly Entry[] {
    return this.entries;
  }

  /**
   * The page of rows that have every token as a word prefix, in sort order, and how many match;
   * with `range`, only rows whose sort key is from `range.from` up to, not including, `range.to`
   * (a list by the day things are due: the matches lie in key order, so the range is two binary searches).
   */
  find(tokens: readonly string[], offset: number, pageSize: number, range?: KeyRange): FoundPage {
    const matches = tokens.length === 0 ? null : this.matching(tokens);
    const count = matches ? matches.length : this.size;
    const positionAt = (i: number) => (matches ? matches[i]! : i);
    let start = 0;
    let end = count;
    if (range) {
      const firstAtLeast = (key: string) => {
        let low = 0;
        let high = count;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (this.entryAt(positionAt(mid)).key < key) low = mid + 1;
          else high = mid;
        }
        return low;
      };
      start = firstAtLeast(range.from);
      end = Math.max(start, firstAtLeast(range.to));
    }
    const positions: number[] = [];
    for (let i = start + offset; i < Math.min(end, start + offset + pageSize); i++) positions.push(positionAt(i));
    const span = positions.length ? positions[positions.length - 1]! - positions[0]! + 1 : 0;
    return { entries: positions.map((position) => this.entryAt(position)), span, total: end - start };
  }

  /**
   * The positions of every row that has all these word prefixes, in sort order. The longest word
   * is scanned for in the one string of all words (it matches the fewest rows), at most one hit per
   * row; each further word is then only looked for in those rows' own words: 'brake p' does not
   * scan for every 'p'. The scan looks for the word itself and keeps the hits that start a word:
   * V8 searches a needle that begins with the separator (which starts every word) several times
   * slower (at 100,000 job cards: '~finished' 36 ms → 3 ms, 'perera' 14 ms → 2 ms). A list's
   * pages and a search typed again reuse the result until the table changes (Finished Jobs: every
   * page change would scan for its 97,000 finished jobs again).
   */
  private matching(tokens: readonly string[]): Int32Array {
    const text = this.wordText();
    const [first, ...rest] = scanOrder(tokens) as [string, ...string[]];
    const key = [first, ...rest].join(' ');
    const known = text.found.get(key);
    if (known) {
      text.found.delete(key); // the most recent last, so the oldest goes first
      text.found.set(key, known);
      return known;
    }
    const narrowed = this.narrowed(text.found, [first, ...rest]);
    if (narrowed) return this.remember(text, key, narrowed);
    const { all, starts } = text;
    const others = rest.map((token) => separator + token);
    const found: number[] = [];
    let entry = 0;
    let at = all.indexOf(first);
    while (at >= 0) {
      if (all.charCodeAt(at - 1) !== separatorCode) {
        at = all.indexOf(first, at + 1); // inside a word, not at its start
        continue;
      }
      while (entry + 1 < starts.length && starts[entry + 1]! <= at) entry += 1;
      if (others.length > 0) {
        const words = this.wordsAt(entry);
        if (!others.every((other) => words.includes(other))) {
          at = entry + 1 < starts.length ? all.indexOf(first, starts[entry + 1]) : -1;
          continue;
        }
      }
      found.push(entry);
      at = entry + 1 < starts.length ? all.indexOf(first, starts[entry + 1]) : -1;
    }
    return this.remember(text, key, Int32Array.from(found));
  }

  private remember(text: { found: Map<string, Int32Array> }, key: string, list: Int32Array): Int32Array {
    text.found.set(key, list);
    if (text.found.size > rememberedSearches) text.found.delete(text.found.keys().next().value!);
    return list;
  }

  /**
   * The matches of `tokens` found among a remembered search's, when that search asked less: each of
   * its words is the start of one of these (the next keystroke of a word: '077' after '07'). Every row
   * that has these word prefixes has those too, so only that search's rows are looked at, each in its
   * own words, not the whole table's string: at 100,000 job cards a scan of that string is 10 to 20 ms
   * a keystroke (issue 28), a few thousand rows' words well under one. Not from a search that matched
   * much of the table (Finished Jobs' '~finished', 97% of it): looking at each row's words is then
   * slower than the scan (35 ms against 0.4 ms for 'perera ~finished'). Null when none will do.
   */
  private narrowed(found: Map<string, Int32Array>, tokens: readonly string[]): Int32Array | null {
    let narrowest: { list: Int32Array; asked: string[] } | null = null;
    for (const [key, list] of found) {
      if (list.length > this.size / narrowFromAtMost || (narrowest && list.length >= narrowest.list.length)) continue;
      const asked = key.split(' ');
      if (asked.every((word) => tokens.some((token) => token.startsWith(word)))) narrowest = { list, asked };
    }
    if (!narrowest) return null;
    // A word the remembered search asked for as it is now: its rows have it already.
    const wanted = tokens.filter((token) => !narrowest.asked.includes(token)).map((token) => separator + token);
    const kept: number[] = [];
    for (const position of narrowest.list) {
      const words = this.wordsAt(position);
      if (wanted.every((word) => words.includes(word))) kept.push(position);
    }
    return Int32Array.from(kept);
  }

  private wordText(): { all: string; starts: Int32Array; found: Map<string, Int32Array> } {
    if (!this.text) {
      if (this.packed) {
        this.text = { all: this.packed.words, starts: this.packed.wordStarts.subarray(0, this.packed.count), found: new Map() };
        return this.text;
      }
      const entries = this.entries;
      const starts = new Int32Array(entries.length);
      let at = 0;
      for (let i = 0; i < entries.length; i++) {
        starts[i] = at;
        at += entries[i]!.words.length + 1;
      }
      this.text = { all: entries.map((entry) => entry.words).join(rowSeparator), starts, found: new Map() };
    }
    return this.text;
  }

  /**
   * The index with the rows of `keys` replaced by `fresh` (their entries now; a key without one was
   * deleted). A few are spliced in place; more are merged as a sorted run in slices, not sorted
   * again (a first sync's page of 2,000 into 70,000 entries): then a new index is returned and this
   * one stays as it was.
   */
  async patched(keys: readonly string[], fresh: Entry[], pause?: () => Promise<void>): Promise<WordIndex> {
    if (keys.length <= splicePatch) {
      this.text = null;
      for (const key of keys) {
        const old = this.byId.get(key);
        if (!old) continue;
        this.entries.splice(lowerBound(this.entries, old), 1);
        this.byId.delete(key);
      }
      for (const entry of fresh) {
        const old = this.byId.get(entry.id);
        if (old) this.entries.splice(lowerBound(this.entries, old), 1);
        this.entries.splice(lowerBound(this.entries, entry), 0, entry);
        this.byId.set(entry.id, entry);
      }
      return this;
    }
    const dropped = new Set(keys);
    for (const entry of fresh) dropped.add(entry.id);
    const merged = await mergeRuns([this.entries.filter((entry) => !dropped.has(entry.id)), [...fresh].sort(compareEntries)], pause);
    const byId = new Map(this.byId);
    for (const key of dropped) byId.delete(key);
    for (const entry of fresh) byId.set(entry.id, entry);
    return new WordIndex(merged, byId);
  }
}
