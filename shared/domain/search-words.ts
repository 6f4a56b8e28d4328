import { syncedTables, type SyncedTable } from '../sync/tables';
import { entities } from '../entities';
import type { EntitySearch } from '../entities/define-entity';
import { digitEndings, searchTokens } from './search-tokens';

export { currentWord, digitEndings, searchTokens, statusWord } from './search-tokens';

/**
 * Each searchable row carries `searchWords`: the lower-cased words and whole values of the fields a
 * screen searches (its entity's `search`, shared/entities), in a multi-entry index or the in-memory
 * index. A search then reads only the rows whose words start with what was typed, instead of
 * scanning every row (50,000 items stay fast).
 */
const searchOf = (table: SyncedTable) => entities[table].search as EntitySearch<Record<string, unknown>> | undefined;

export function searchWordsFor(table: SyncedTable, row: Record<string, unknown>): string[] | undefined {
  const search = searchOf(table);
  if (!search) return undefined;
  const words = new Set<string>();
  for (const value of search.words(row)) {
    if (typeof value !== 'string' || !value) continue;
    const whole = value.toLowerCase().trim();
    if (whole.length <= 60) words.add(whole);
    for (const token of searchTokens(value)) words.add(token);
  }
  for (const value of search.digits?.(row) ?? []) {
    if (typeof value === 'string') for (const ending of digitEndings(value)) words.add(ending);
  }
  for (const word of search.filters?.(row) ?? []) words.add(word);
  return [...words];
}

export const searchableTables = syncedTables.filter((table) => searchOf(table));

/** The key a list sorts by (its entity's `sortKey`); '' for an entity without one. */
export function sortKeyFor(table: SyncedTable, row: Record<string, unknown>): string {
  const sortKey = entities[table].sortKey as ((row: Record<string, unknown>) => string) | undefined;
  return sortKey ? sortKey(row) : '';
}

/** A row matches a search when each typed token starts one of its words (the device's lists and the server's search agree). */
export function matchesTokens(words: readonly string[], tokens: readonly string[]): boolean {
  return tokens.every((token) => words.some((word) => word.startsWith(token)));
}

/** The lists' order: `sortKey` by code unit (IndexedDB's order of strings), ties by id. */
export function compareSortKeys(a: { key: string; id: string }, b: { key: string; id: string }): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The tables whose search the server answers while a new device downloads them (server/src/sync/search.ts). */
export const downloadSearchTables = ['items', 'customers'] as const satisfies readonly SyncedTable[];
export type DownloadSearchTable = (typeof downloadSearchTables)[number];
