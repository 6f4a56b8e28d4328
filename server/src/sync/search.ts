import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/connection';
import { categories, customers, items } from '../db/schema';
import { tableOf } from '../mutations/mutation-tx';
import { containsPattern, likeEscaped } from '../http/query-params';
import { compareSortKeys, matchesTokens, searchTokens, searchWordsFor, sortKeyFor, type DownloadSearchTable } from '@shared/domain/search-words';
import type { SyncedRow } from '@shared/sync/tables';

/**
 * The device's own search of its catalogue and customers, answered by the server while a new
 * device is still downloading them (issue 11: usable before 70,000 rows are written to IndexedDB,
 * which takes this Chromium 14 s or more). The answer must be the one the device gives once the
 * rows are there, so the same shared rules decide: a row matches when every typed token starts one
 * of its search words, and the list's order is its sort key, ties by id (shared/domain/search-words.ts).
 *
 * SQL narrows the rows first with a portable `lower(field) LIKE '%token%'` on the searched fields,
 * a superset of the word rule (every search word of a row is a piece of one lower-cased field);
 * the rule and the order are then applied here to the few columns they need, and only the page's
 * rows are read whole. A token with letters outside ASCII skips the SQL step (SQLite's lower()
 * folds only ASCII) and is decided here alone. Ordering in SQL instead would need a collation that
 * matches JavaScript's lower-casing on both SQLite and PostgreSQL.
 */
// The columns searchWordsFor and sortKeyFor read, per table (the rest of a row is read for the page only).
const searchedColumns: Record<DownloadSearchTable, Record<string, SQLiteColumn>> = {
  items: { itemName: items.itemName, barcode: items.barcode },
  customers: {
    customerName: customers.customerName,
    contactPerson: customers.contactPerson,
    email: customers.email,
    phone: customers.phone,
    vehicles: customers.vehicles,
  },
};

// Rows the device holds: not tombstones.
const live: Record<DownloadSearchTable, SQL> = { items: eq(items.deleted, false), customers: eq(customers.deleted, false) };

// The column sortKeyFor reads: all an unsearched list needs.
const sortColumns: Record<DownloadSearchTable, Record<string, SQLiteColumn>> = {
  items: { itemName: items.itemName },
  customers: { customerName: customers.customerName },
};

const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

/**
 * `%token%` with 'i' and 'k' as any one character: JavaScript lower-cases 'İ' (U+0130) to 'i' plus a
 * combining dot and the Kelvin sign (U+212A) to 'k', which SQLite's lower() leaves as they are.
 */
const narrowingPattern = (token: string) => containsPattern(token).replace(/[ik]/g, '_');

/** Longer searches are refused: each word is one more condition in the query. */
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

function categoryNamesOf(db: Db, rows: SyncedRow[]): Record<string, string> {
  const ids = [...new Set(rows.map((row) => row.categoryId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (ids.length === 0) return {};
  const found = db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.deleted, false)))
    .all();
  return Object.fromEntries(found.map((category) => [category.id, category.name]));
}

/**
 * The ids of the live rows a search matches, in the list's order (sort key, ties by id): the word
 * rule of the device's lists. Used by the download search and by the REST lists' `?search=`.
 */
export function matchingIds(db: Db, table: DownloadSearchTable, search: string): string[] {
  const t = tableOf(table);
  const tokens = [...new Set(searchTokens(search))];
  const columns = tokens.length > 0 ? searchedColumns[table] : sortColumns[table];
  // PostgreSQL: lower() of the customers' vehicles needs a cast to text once that column is jsonb.
  const narrowed: SQL[] = tokens.filter(isAscii).map((token) => or(...Object.values(columns).map((column) => likeEscaped(sql`lower(${column})`, narrowingPattern(token))))!);
  const candidates = db
    .select({ id: t.id, ...columns })
    .from(t)
    .where(and(live[table], ...narrowed))
    .all() as Record<string, unknown>[];
  const matched = candidates
    .filter((row) => tokens.length === 0 || matchesTokens(searchWordsFor(table, row) ?? [], tokens))
    .map((row) => ({ id: String(row.id), key: sortKeyFor(table, row) }));
  matched.sort(compareSortKeys);
  return matched.map((entry) => entry.id);
}

/**
 * Rows by id, in the order of `ids`, read in chunks: an unpaged REST list may name thousands, more
 * than a statement may carry as parameters (SQLite's and PostgreSQL's limits differ).
 */
export function inOrderOf<Row extends { id: string }>(ids: readonly string[], read: (chunk: string[]) => Row[]): Row[] {
  const byId = new Map<string, Row>();
  for (let start = 0; start < ids.length; start += 500) for (const row of read(ids.slice(start, start + 500))) byId.set(row.id, row);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function searchForDownload(db: Db, table: DownloadSearchTable, search: string, page: number, pageSize: number): DownloadSearchPage {
  const t = tableOf(table);
  const matched = matchingIds(db, table, search);
  const ids = matched.slice((page - 1) * pageSize, page * pageSize);
  const rows = inOrderOf(ids, (chunk) => db.select().from(t).where(inArray(t.id, chunk)).all() as SyncedRow[]);
  return { rows, total: matched.length, page, names: table === 'items' ? categoryNamesOf(db, rows) : {} };
}
