import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { categories } from '../db/schema';
import { tableOf } from '../mutations/mutation-tx';
import { searchTokens, type DownloadSearchTable } from '@shared/domain/search-words';
import type { SyncedRow } from '@shared/sync/tables';
import { searchIndex, searchIndexReady } from './search-index';

/**
 * The device's own search of its catalogue and customers, answered by the server while a new
 * device is still downloading them (issue 11: usable before 70,000 rows are written to IndexedDB,
 * which takes this Chromium 14 s or more). The answer must be the one the device gives once the
 * rows are there, so the same shared rules decide: a row matches when every typed token starts one
 * of its search words, and the list's order is its sort key, ties by id (shared/domain/search-words.ts).
 * The rows' words and order are kept in memory (sync/search-index.ts): a search pages through them
 * and only the page's rows are read whole.
 */

/** Longer searches are refused: each word is one more check of every row. */
export const maxSearchLength = 200;

export interface DownloadSearchPage {
  rows: SyncedRow[];
  total: number;
  page: number;
  /**
   * The names of the categories the page's items are in: the device may not hold them yet (a
   * category made after thousands of items arrives in a later page of the download).
   */
  names: Record<string, string>;
}

async function categoryNamesOf(db: Db, rows: SyncedRow[]): Promise<Record<string, string>> {
  const ids = [...new Set(rows.map((row) => row.categoryId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (ids.length === 0) return {};
  const found = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.deleted, false)))
    .all();
  return Object.fromEntries(found.map((category) => [category.id, category.name]));
}

/**
 * A page of the ids of the live rows a search matches, in the list's order (sort key, ties by id),
 * and how many match in all: the word rule of the device's lists. Used by the download search and
 * by the REST lists' `?search=` (no `size`: every match).
 */
export async function matchingPage(
  db: Db,
  table: DownloadSearchTable,
  search: string,
  page = 1,
  size?: number,
  given?: Awaited<ReturnType<typeof searchIndex>>,
): Promise<{ ids: string[]; total: number }> {
  const index = given ?? (await searchIndex(db, table));
  const tokens = [...new Set(searchTokens(search))];
  return index.page(tokens, size ? (page - 1) * size : 0, size ?? Number.POSITIVE_INFINITY);
}

/**
 * Rows by id, in the order of `ids`, read in chunks: an unpaged REST list may name thousands, more
 * than a statement may carry as parameters (SQLite's and PostgreSQL's limits differ).
 */
export async function inOrderOf<Row extends { id: string }>(ids: readonly string[], read: (chunk: string[]) => Promise<Row[]>): Promise<Row[]> {
  const byId = new Map<string, Row>();
  for (let start = 0; start < ids.length; start += 500) for (const row of await read(ids.slice(start, start + 500))) byId.set(row.id, row);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page of the download search; while the index is read ahead (sync/search-index.ts, `warm`), after it. */
export async function searchForDownload(db: Db, table: DownloadSearchTable, search: string, page: number, pageSize: number): Promise<DownloadSearchPage> {
  const t = tableOf(table);
  const { ids, total } = await matchingPage(db, table, search, page, pageSize, await searchIndexReady(db, table));
  const rows = await inOrderOf(ids, async (chunk) => (await db.select().from(t).where(inArray(t.id, chunk)).all()) as SyncedRow[]);
  return { rows, total, page, names: table === 'items' ? await categoryNamesOf(db, rows) : {} };
}
