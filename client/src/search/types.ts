export interface PagedResult<T> {
  rows: T[];
  total: number;
  /** The page this answer is for (a list must not act on an answer for the page it left). */
  page?: number;
  /** Names of records the rows refer to that the device may not hold yet (the server's answer during a download). */
  names?: Record<string, string>;
}

/** Rows come sorted by the table's lower-cased `sortKey` index (see db/search-words.ts). */
export interface PageQuery {
  search: string;
  page: number;
  pageSize: number;
  /** Words every row must also carry, beyond what was typed (e.g. '~finished', db/search-words.ts). */
  filter?: readonly string[];
  /**
   * The caller reads the rows only, not the total (the top bar's few of each kind): right after a
   * reload the page may then come from the first part of the table's snapshot, and the total
   * counts that part's matches only.
   */
  rowsOnly?: boolean;
  /** Only rows whose sort key is from `from` up to, not including, `to` (the Reminders list's period). */
  keyRange?: { from: string; to: string };
}

/** What search reads of a row: its id and the fields the write middleware derives (db/derived-fields.ts). */
export interface SearchRow {
  id: string;
  searchWords?: string[];
  sortKey?: string;
}
