import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core';
import * as schema from '../src/db/schema';
import { makeTestServer } from './helpers';

// Issue 48, point 3: a table or column added to server/src/db/schema.ts (or to a plain entity's
// declaration, which makes its columns) without `npm run db:generate` compiled and passed every test
// that did not read it, and failed only at run time. The database the migrations make must hold every
// column and index the schema declares.
const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

describe('the migrations in server/drizzle', async () => {
  const server = await makeTestServer();
  const sqlite = server.db.$client;

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('make %s as the schema declares it', async (name, table) => {
    const config = getTableConfig(table);
    const columns = ((await sqlite.prepare(`PRAGMA table_info("${name}")`).all()) as { name: string; notnull: number }[]).map((column) => column.name);
    const missing = config.columns.map((column) => column.name).filter((column) => !columns.includes(column));
    expect(missing, `${name} lacks ${missing.join(', ')} in the migrated database: run npm run db:generate and commit server/drizzle`).toEqual([]);
    const indexes = ((await sqlite.prepare(`PRAGMA index_list("${name}")`).all()) as { name: string }[]).map((index) => index.name);
    const missingIndexes = config.indexes.map((index) => index.config.name).filter((index) => !indexes.includes(index));
    expect(missingIndexes, `${name} lacks the indexes ${missingIndexes.join(', ')}: run npm run db:generate and commit server/drizzle`).toEqual([]);
  });

  it('make no table the schema does not declare', async () => {
    const declared = new Set(tables.map((table) => getTableConfig(table).name));
    const made = (
      (await sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").all()) as { name: string }[]
    ).map((row) => row.name);
    expect(made.filter((name) => !declared.has(name))).toEqual([]);
  });
});
