import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type * as sqlite from './schema';
import type * as pg from './pg-schema';

/**
 * Issue 46, checked at compile time: every SQLite table of schema.ts has its PostgreSQL table in
 * pg-schema.ts under the same export name, and both read and write the same row types, so a query
 * written against one engine's tables type-checks against the other's. Columns, indexes and the
 * migrations are compared in server/test/pg-schema-*.test.ts.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Tables = { [K in keyof typeof sqlite as (typeof sqlite)[K] extends SQLiteTable ? K : never]: (typeof sqlite)[K] };

// A name here: export it from pg-schema.ts (`export const <name> = pgTableOf(sqlite.<name>)`).
type Missing = Exclude<keyof Tables, keyof typeof pg>;
const everyTableOnBoth: [Missing] extends [never] ? true : false = true;
void everyTableOnBoth;

// A `false` here names the table whose rows differ between the engines.
type RowsAgree = {
  [K in keyof Tables & keyof typeof pg]: (typeof pg)[K] extends { $inferSelect: infer P; $inferInsert: infer I }
    ? [Same<P, Tables[K]['$inferSelect']>, Same<I, Tables[K]['$inferInsert']>] extends [true, true]
      ? true
      : false
    : false;
};
const rowsAgree: { [K in keyof RowsAgree]: true } = null as unknown as RowsAgree;
void rowsAgree;
