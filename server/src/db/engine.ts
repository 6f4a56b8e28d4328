import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './connection';
import { pgLinkOf } from './postgres';

// Issue 46: the few places where SQLite and PostgreSQL want different SQL, each named here once, so that
// the product's queries stay the same on both engines.

export type Engine = 'sqlite' | 'postgres';

export const engineOf = (db: Db): Engine => (pgLinkOf(db) ? 'postgres' : 'sqlite');

/**
 * A text column ordered without regard to case (ASCII letters, as SQLite's NOCASE folds them). SQLite
 * keeps `COLLATE NOCASE`; PostgreSQL, whose database is made with the C locale (README), folds with
 * lower(), which in that locale folds the same letters.
 */
export const caseless = (db: Db, column: SQLiteColumn): SQL => (engineOf(db) === 'postgres' ? sql`lower(${column})` : sql`${column} COLLATE NOCASE`);

/**
 * The order rows were inserted in, to break ties: SQLite's rowid. PostgreSQL has no such order (a row's
 * place on disk moves when it is updated), so there the tie is broken by the key alone.
 */
export const insertionOrder = (db: Db, key: SQLiteColumn): SQL => (engineOf(db) === 'postgres' ? sql`${key}` : sql`rowid`);

/**
 * A boolean column's false written as a literal (not a bound value), where a partial index's condition
 * must match it word for word: SQLite's is `deleted = 0`. PostgreSQL keeps booleans as boolean and
 * refuses `boolean = integer` (pg-derive.ts writes that index's condition `= false`): createItem and
 * updateItem failed there with a 500 on every barcode check (found by tests/crash/pg-three-processes.test.ts).
 */
export const falseLiteral = (db: Db): SQL => (engineOf(db) === 'postgres' ? sql`false` : sql`0`);
