import { rowSeparator, type Entry } from './entries';

/**
 * A snapshot's entries as they were read (search/snapshot.ts): three strings of `count` parts joined
 * by the row separator, and where each part starts. An index loaded from them scans the words
 * string as it is and makes an entry only for a row it returns or looks into: splitting the strings
 * into a big shop's 270,000 entries took about 50 ms of the page's thread, and most of its garbage,
 * in the first second after a reload (issue 28).
 */
export class PackedEntries {
  private constructor(
    readonly count: number,
    private readonly ids: string,
    private readonly idStarts: Int32Array,
    private readonly keys: string,
    private readonly keyStarts: Int32Array,
    /** Every entry's words joined by the row separator, as WordIndex scans them. */
    readonly words: string,
    /** Where each entry's words start in `words` (count + 1 values: the last one past the end). */
    readonly wordStarts: Int32Array,
  ) {}

  /** Null when a string does not hold `count` parts, or the entries are not in sort order (compareEntries) with each id once. */
  static of(snapshot: { count: number; ids: string; keys: string; words: string }): PackedEntries | null {
    const { count } = snapshot;
    if (!Number.isInteger(count) || count < 0) return null;
    const idStarts = startsOf(snapshot.ids, count);
    const keyStarts = startsOf(snapshot.keys, count);
    const wordStarts = startsOf(snapshot.words, count);
    if (!idStarts || !keyStarts || !wordStarts) return null;
    const packed = new PackedEntries(count, snapshot.ids, idStarts, snapshot.keys, keyStarts, snapshot.words, wordStarts);
    return packed.inOrder() ? packed : null;
  }

  entryAt(i: number): Entry {
    return { id: part(this.ids, this.idStarts, i), key: part(this.keys, this.keyStarts, i), words: this.wordsAt(i) };
  }

  wordsAt(i: number): string {
    return part(this.words, this.wordStarts, i);
  }

  /** Every entry, made now. */
  entries(): Entry[] {
    const entries = new Array<Entry>(this.count);
    for (let i = 0; i < this.count; i++) entries[i] = this.entryAt(i);
    return entries;
  }

  /** Each entry after the one before it, by key then id (compareEntries), compared in place: no string is made. */
  private inOrder(): boolean {
    for (let i = 1; i < this.count; i++) {
      const byKey = compareParts(this.keys, this.keyStarts, i - 1, i);
      if (byKey > 0 || (byKey === 0 && compareParts(this.ids, this.idStarts, i - 1, i) >= 0)) return false;
    }
    return true;
  }
}

const part = (text: string, starts: Int32Array, i: number) => text.slice(starts[i], starts[i + 1]! - 1);

/** Parts i and j of `text` compared by code unit, as `<` compares strings. */
function compareParts(text: string, starts: Int32Array, i: number, j: number): number {
  const a = starts[i]!;
  const b = starts[j]!;
  const aLength = starts[i + 1]! - 1 - a;
  const bLength = starts[j + 1]! - 1 - b;
  const shorter = Math.min(aLength, bLength);
  for (let k = 0; k < shorter; k++) {
    const difference = text.charCodeAt(a + k) - text.charCodeAt(b + k);
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

/** Where each of the `count` parts of `text` starts, and one more value past the last part's end; null when it holds another number of parts. */
function startsOf(text: string, count: number): Int32Array | null {
  const starts = new Int32Array(count + 1);
  if (count === 0) return text === '' ? starts : null;
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    const next = text.indexOf(rowSeparator, at);
    const last = i === count - 1;
    if (next < 0 !== last) return null; // fewer parts than `count`, or more
    at = last ? text.length + 1 : next + 1;
  }
  starts[count] = at;
  return starts;
}
