import { describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable, blob, getTableConfig as sqliteConfig, index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import * as sqlite from '../src/db/schema';
import * as pg from '../src/db/pg-schema';
import { pgTableOf } from '../src/db/pg-derive';
import { synced } from '../src/db/plain-columns';
import { differences, pgShape, sqliteShape } from './pg-shape';

// Issue 46: both engines' tables, column by column and index by index. The PostgreSQL tables are made
// from the SQLite ones (server/src/db/pg-derive.ts); this is what says the making lost nothing.
const sqliteTables = (Object.entries(sqlite) as [string, unknown][]).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
const pgTables = (Object.entries(pg) as [string, unknown][]).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));

describe('the PostgreSQL schema', () => {
  it('has a table for each SQLite table, under the same export and SQL name, and no other', () => {
    const sqliteNames = sqliteTables.map(([key, table]) => `${key} → ${sqliteConfig(table).name}`).sort();
    expect(pgTables.map(([key, table]) => `${key} → ${pgConfig(table).name}`).sort()).toEqual(sqliteNames);
  });

  it.each(sqliteTables.map(([key, table]) => [sqliteConfig(table).name, key, table] as const))('makes %s as SQLite has it', (name, key, table) => {
    const pgTable = (pg as Record<string, unknown>)[key] as PgTable;
    expect(differences(name, sqliteShape(table), pgShape(pgTable))).toEqual([]);
  });
});

describe('the parity check', () => {
  const plain = sqliteTable('scratch', { ...synced(), note: text('note').notNull() }, (t) => [index('scratch_version').on(t.version)]);

  it('names a column only one side has', () => {
    const withExtra = sqliteTable('scratch', { ...synced(), note: text('note').notNull(), extra: text('extra') }, (t) => [index('scratch_version').on(t.version)]);
    expect(differences('scratch', sqliteShape(plain), pgShape(pgTableOf(withExtra)))).toEqual(['scratch column extra: only in PostgreSQL']);
    expect(differences('scratch', sqliteShape(withExtra), pgShape(pgTableOf(plain)))).toEqual(['scratch column extra: only in SQLite']);
  });

  it('names a column whose nullability or default differs', () => {
    const other = sqliteTable('scratch', { ...synced(), note: text('note').default('') });
    expect(differences('scratch', sqliteShape(plain), pgShape(pgTableOf(other)))).toEqual([
      'scratch column note: SQLite text, not null, no default; PostgreSQL text, null, default',
      'scratch index scratch_version: only in SQLite',
    ]);
  });
});

describe('making a PostgreSQL table', () => {
  it('refuses a column type it does not map, naming the table and column', () => {
    const withBlob = sqliteTable('scratch', { id: text('id').primaryKey(), picture: blob('picture') });
    expect(() => pgTableOf(withBlob)).toThrow(/scratch\.picture: no PostgreSQL type for SQLiteBlob/);
  });

  it('refuses an index condition it cannot rewrite, naming the table and index', () => {
    const partial = sqliteTable('scratch', { ...synced(), note: text('note').notNull() }, (t) => [
      index('scratch_note')
        .on(t.note)
        .where(sql`note <> ''`),
    ]);
    expect(() => pgTableOf(partial)).toThrow(/scratch\.scratch_note: the index condition 'note <> ''' is not a boolean column = 0 or 1/);
  });

  it('refuses a SQL default that is not a plain literal', () => {
    const stamped = sqliteTable('scratch', { id: text('id').primaryKey(), at: text('at').default(sql`(datetime('now'))`) });
    expect(() => pgTableOf(stamped)).toThrow(/scratch\.at: the SQL default/);
  });
});
