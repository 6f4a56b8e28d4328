import { compareSortKeys } from '@shared/domain/search-words';
import type { SearchRow } from './types';

/** A row as the in-memory index holds it. */
export interface Entry {
  id: string;
  /** The row's `sortKey` ('' when it has none). */
  key: string;
  /** The row's search words, each preceded by a separator. */
  words: string;
}

export const separator = '\u0001';
export const separatorCode = 1;
export const rowSeparator = '\u0002';

/** The `sortKey` index's order (strings by code unit, ties by primary key), so every path agrees. */
export const compareEntries: (a: Entry, b: Entry) => number = compareSortKeys;

export const sortKeyOf = (row: SearchRow) => (typeof row.sortKey === 'string' ? row.sortKey : '');

export const wordsOf = (row: SearchRow): string[] => (Array.isArray(row.searchWords) ? row.searchWords : []);

export function toEntry(row: SearchRow): Entry {
  const words = wordsOf(row);
  return { id: row.id, key: sortKeyOf(row), words: words.length ? separator + words.join(separator) : '' };
}

/** First position whose entry is not before `entry`. */
export function lowerBound(entries: readonly Entry[], entry: Entry): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareEntries(entries[mid]!, entry) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

export const isFilterWord = (token: string) => token.startsWith('~');

/**
 * Typed words by length, longest first (it matches the fewest rows), filter words last: a filter
 * such as a status matches most of a table, so it only narrows what the typed words found.
 */
export function scanOrder(tokens: readonly string[]): string[] {
  const isFilter = (token: string) => (isFilterWord(token) ? 1 : 0);
  return [...new Set(tokens)].sort((a, b) => isFilter(a) - isFilter(b) || b.length - a.length);
}
