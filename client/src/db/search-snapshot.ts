/**
 * A record of the device's `searchSnapshots` table: a table's in-memory search index kept between
 * visits (search/snapshot.ts writes and reads it). Its row type is the database's, like every table's,
 * so that db/ declares its tables without importing the search module above it.
 */
export interface SearchSnapshot {
  table: string;
  stamp: number;
  /** How many entries this record holds; each string below holds as many parts, in sort order. */
  count: number;
  /** The ids, joined by the row separator. */
  ids: string;
  /** The sort keys, joined by the row separator. */
  keys: string;
  /** The entries' words (each word preceded by its separator), joined by the row separator. */
  words: string;
  /** The first part's record: how many entries both records hold together. */
  total?: number;
}
