import { SQL, StringChunk, is } from 'drizzle-orm';
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';

// Issue 46: a table as both engines' parity check sees it, so that a SQLite table and its PostgreSQL
// table (server/src/db/pg-derive.ts) can be compared line by line.

/** The PostgreSQL type each SQLite column type is to become (docs/architecture.md, "Two engines: the schema"). */
const pgTypeOf: Record<string, string> = {
  SQLiteText: 'text',
  SQLiteTextJson: 'text (JSON)',
  SQLiteInteger: 'bigint',
  SQLiteBoolean: 'smallint (0 or 1)',
  SQLiteReal: 'double precision',
};

export interface Shape {
  columns: Record<string, string>;
  primaryKeys: string[];
  indexes: Record<string, string>;
}

export const sqlText = (where: SQL | undefined) => (where ? where.queryChunks.map((chunk) => (is(chunk, StringChunk) ? chunk.value.join('') : '?')).join('') : '');
/** SQLite's `deleted = 0` and PostgreSQL's `"deleted" = 0` are the same condition. */
const condition = (where: SQL | undefined) => sqlText(where).replaceAll('"', '');

const columnLine = (type: string, column: { notNull: boolean; hasDefault: boolean; primary: boolean; isUnique: boolean; uniqueName?: string }) =>
  [
    type,
    column.notNull ? 'not null' : 'null',
    column.hasDefault ? 'default' : 'no default',
    column.primary ? 'primary key' : '',
    column.isUnique ? `unique ${column.uniqueName}` : '',
  ]
    .filter(Boolean)
    .join(', ');

const indexLine = (index: { unique: boolean; columns: string[]; where: string }) =>
  `${index.unique ? 'unique ' : ''}(${index.columns.join(', ')})${index.where ? ` where ${index.where}` : ''}`;

export function sqliteShape(table: SQLiteTable): Shape {
  const config = sqliteConfig(table);
  return {
    columns: Object.fromEntries(config.columns.map((column) => [column.name, columnLine(pgTypeOf[column.columnType] ?? `unmapped ${column.columnType}`, column)])),
    primaryKeys: config.primaryKeys.map((key) => `${key.getName()} (${key.columns.map((column) => column.name).join(', ')})`),
    indexes: Object.fromEntries(
      config.indexes.map(({ config: index }) => [
        index.name,
        indexLine({ unique: index.unique, columns: index.columns.map((column) => (column as { name: string }).name), where: condition(index.where) }),
      ]),
    ),
  };
}

const customKind = (column: { columnType: string; getSQLType(): string }) =>
  column.columnType !== 'PgCustomColumn' ? '' : column.getSQLType() === 'smallint' ? ' (0 or 1)' : ' (JSON)';

export function pgShape(table: PgTable): Shape {
  const config = pgConfig(table);
  return {
    // The custom types pg-derive.ts makes: JSON kept as text (jsonText), a boolean as 0 or 1 (flag).
    columns: Object.fromEntries(config.columns.map((column) => [column.name, columnLine(`${column.getSQLType()}${customKind(column)}`, column)])),
    primaryKeys: config.primaryKeys.map((key) => `${key.getName()} (${key.columns.map((column) => column.name).join(', ')})`),
    indexes: Object.fromEntries(
      config.indexes.map(({ config: index }) => [
        index.name!,
        indexLine({ unique: index.unique, columns: index.columns.map((column) => (column as { name: string }).name), where: condition(index.where) }),
      ]),
    ),
  };
}

/** What differs, in words ('customers.city: only in PostgreSQL'); empty when the two agree. */
export function differences(table: string, sqlite: Shape, pg: Shape): string[] {
  const found: string[] = [];
  const compare = (what: string, left: Record<string, string>, right: Record<string, string>) => {
    for (const name of new Set([...Object.keys(left), ...Object.keys(right)])) {
      if (!(name in right)) found.push(`${table} ${what} ${name}: only in SQLite`);
      else if (!(name in left)) found.push(`${table} ${what} ${name}: only in PostgreSQL`);
      else if (left[name] !== right[name]) found.push(`${table} ${what} ${name}: SQLite ${left[name]}; PostgreSQL ${right[name]}`);
    }
  };
  compare('column', sqlite.columns, pg.columns);
  compare('index', sqlite.indexes, pg.indexes);
  if (sqlite.primaryKeys.join() !== pg.primaryKeys.join()) found.push(`${table} primary key: SQLite ${sqlite.primaryKeys.join()}; PostgreSQL ${pg.primaryKeys.join()}`);
  return found;
}
