import { SQL, StringChunk, is, sql, type Column, type ColumnDataType } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  getTableConfig as getPgTableConfig,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { SQLiteColumn, getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';

// Issue 46: the PostgreSQL table of each SQLite table in schema.ts, made from it at load time, so the
// two engines' tables are one declaration (docs/architecture.md, "Two engines: the schema"). What is not
// mapped here throws, naming the table and column: a new kind of column or index is added here on
// purpose, never turned into a wrong table in silence.

/**
 * JSON kept as the text it was written as, as SQLite's `text({ mode: 'json' })` keeps it. Not jsonb:
 * jsonb reorders an object's keys (shorter first), and the server compares a field's stored and new
 * value by JSON.stringify (mutations/later-edit-wins.ts), so a customer's vehicles read back from
 * jsonb would look edited when they were not, and tell other users of a change no one made.
 */
export const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as unknown,
});

/**
 * A boolean as SQLite keeps it: 0 or 1, here in a smallint. Not PostgreSQL's boolean: the product's
 * queries are the same text on both engines (db/postgres.ts), and a literal `deleted = 0` (the partial
 * indexes' condition, which a query repeats so that SQLite uses them) compares a boolean to an integer,
 * which PostgreSQL refuses. Read back as JS booleans, as drizzle reads SQLite's.
 */
export const flag = customType<{ data: boolean; driverData: number }>({
  dataType: () => 'smallint',
  toDriver: (value) => (value ? 1 : 0),
  fromDriver: (value) => Number(value) === 1,
});

/** A SQLite column's type as PostgreSQL's: same name, data, nullability and defaults. */
export type PgColumnOf<C extends Column> = PgColumn<{
  name: C['_']['name'];
  tableName: C['_']['tableName'];
  dataType: C['_']['dataType'] & ColumnDataType;
  columnType: string;
  data: C['_']['data'];
  driverParam: unknown;
  notNull: C['_']['notNull'];
  hasDefault: C['_']['hasDefault'];
  isPrimaryKey: C['_']['isPrimaryKey'];
  isAutoincrement: C['_']['isAutoincrement'];
  hasRuntimeDefault: C['_']['hasRuntimeDefault'];
  enumValues: C['_']['enumValues'];
  baseColumn: never;
  identity: undefined;
  generated: undefined;
}>;

export type PgTableOf<T extends SQLiteTable> = PgTableWithColumns<{
  name: T['_']['name'];
  schema: undefined;
  dialect: 'pg';
  columns: { [K in keyof T['_']['columns']]: PgColumnOf<T['_']['columns'][K]> };
}>;

type Builder = PgColumnBuilderBase & {
  notNull(): Builder;
  primaryKey(): Builder;
  unique(name?: string): Builder;
  default(value: unknown): Builder;
  $defaultFn(fn: () => unknown): Builder;
  $onUpdateFn(fn: () => unknown): Builder;
};

const fail = (table: string, what: string, why: string): never => {
  throw new Error(`pg-schema: ${table}.${what}: ${why}; map it in server/src/db/pg-derive.ts`);
};

/**
 * SQLite's column types, by drizzle's columnType, as PostgreSQL's. Integers are 64-bit in SQLite:
 * bigint, read as a JS number (cents, hundredths and the version counter stay far below 2^53).
 */
function builderOf(table: string, column: SQLiteColumn): Builder {
  const name = column.name;
  switch (column.columnType) {
    case 'SQLiteText':
      return text(name, column.enumValues ? { enum: column.enumValues as [string, ...string[]] } : {}) as unknown as Builder;
    case 'SQLiteTextJson':
      return jsonText(name) as unknown as Builder;
    case 'SQLiteInteger':
      return bigint(name, { mode: 'number' }) as unknown as Builder;
    case 'SQLiteBoolean':
      return flag(name) as unknown as Builder;
    case 'SQLiteReal':
      return doublePrecision(name) as unknown as Builder;
    default:
      return fail(table, name, `no PostgreSQL type for ${column.columnType}`);
  }
}

/** A SQL default written for SQLite is taken only when it is a plain literal, the same in PostgreSQL ('[]', 0). */
function sqlDefault(table: string, column: SQLiteColumn, value: SQL): SQL {
  const chunks = value.queryChunks;
  const literal = chunks.every((chunk) => is(chunk, StringChunk)) ? chunks.map((chunk) => (chunk as StringChunk).value.join('')).join('') : undefined;
  if (literal === undefined || !/^('(?:[^']|'')*'|-?\d+(\.\d+)?)$/.test(literal.trim()))
    return fail(table, column.name, `the SQL default ${literal ?? '(with parameters)'} is not a plain literal`);
  return sql.raw(literal.trim());
}

function columnOf(table: string, column: SQLiteColumn): Builder {
  if (column.generated || column.generatedIdentity) return fail(table, column.name, 'a generated column');
  if ((column as { autoIncrement?: boolean }).autoIncrement) return fail(table, column.name, 'an autoincrement key');
  let built = builderOf(table, column);
  if (column.notNull) built = built.notNull();
  if (column.primary) built = built.primaryKey();
  // SQLite's INTEGER PRIMARY KEY is the rowid: a row given none gets one, so drizzle marks it as having
  // a default. PostgreSQL's like is an identity taken by default (version_log.version); the server
  // always gives the version itself, so the identity's sequence is never read.
  if (column.primary && column.columnType === 'SQLiteInteger' && column.hasDefault && column.default === undefined && !column.defaultFn)
    built = (built as Builder & { generatedByDefaultAsIdentity(): Builder }).generatedByDefaultAsIdentity();
  if (column.isUnique) built = built.unique(column.uniqueName);
  if (column.default !== undefined) {
    if (is(column.default, SQL)) built = built.default(sqlDefault(table, column, column.default));
    else if (column.columnType === 'SQLiteTextJson') fail(table, column.name, 'a JSON column with a literal default');
    else if (column.columnType === 'SQLiteBoolean') built = built.default(sql.raw(column.default ? '1' : '0'));
    else built = built.default(column.default);
  }
  if (column.defaultFn) built = built.$defaultFn(column.defaultFn);
  if (column.onUpdateFn) built = built.$onUpdateFn(column.onUpdateFn);
  return built;
}

/**
 * A partial index's condition, written for SQLite: only `<boolean column> = 0|1` is known (a live row:
 * `deleted = 0`), the same text on PostgreSQL, where booleans are 0 or 1 too (`flag`).
 */
function whereOf(table: string, indexName: string, where: SQL, booleans: Set<string>): SQL {
  const text = where.queryChunks.every((chunk) => is(chunk, StringChunk)) ? where.queryChunks.map((chunk) => (chunk as StringChunk).value.join('')).join('') : '';
  const match = /^\s*"?(\w+)"?\s*=\s*([01])\s*$/.exec(text);
  if (!match || !booleans.has(match[1]!)) return fail(table, indexName, `the index condition '${text || '(with parameters)'}' is not a boolean column = 0 or 1`);
  return sql.raw(`"${match[1]}" = ${match[2]}`);
}

/** The PostgreSQL table of a SQLite table: same name, columns (by key), primary keys, uniques and indexes. */
export function pgTableOf<T extends SQLiteTable>(sqliteTable: T): PgTableOf<T> {
  const config = getTableConfig(sqliteTable);
  const name = config.name;
  if (config.foreignKeys.length || config.checks.length || config.uniqueConstraints.length)
    fail(name, '(table)', 'foreign keys, checks and table unique constraints are not mapped');
  const byName = new Map(config.columns.map((column) => [column.name, column]));
  const keys = Object.entries(sqliteTable).filter(([, value]) => is(value, SQLiteColumn)) as [string, SQLiteColumn][];
  const columns = Object.fromEntries(keys.map(([key, column]) => [key, columnOf(name, column)]));
  const booleans = new Set(config.columns.filter((column) => column.columnType === 'SQLiteBoolean').map((column) => column.name));
  const columnsOf = (what: string, list: unknown[]) =>
    list.map((column) => (is(column, SQLiteColumn) && byName.get(column.name) === column ? column.name : fail(name, what, 'an expression, not a column')));
  const made = pgTable(name, columns as Record<string, PgColumnBuilderBase>, (t) => {
    const own = t as unknown as Record<string, PgColumn>;
    const byColumn = (column: string) => Object.values(own).find((each) => each.name === column)!;
    const extras = config.primaryKeys.map((key) => primaryKey({ name: key.getName(), columns: columnsOf(key.getName(), key.columns).map(byColumn) as [PgColumn, ...PgColumn[]] }));
    const indexes = config.indexes.map(({ config: ix }) => {
      const on = columnsOf(ix.name, ix.columns).map(byColumn) as [PgColumn, ...PgColumn[]];
      const made = (ix.unique ? uniqueIndex(ix.name) : index(ix.name)).on(...on);
      return ix.where ? made.where(whereOf(name, ix.name, ix.where, booleans)) : made;
    });
    return [...extras, ...indexes];
  });
  // drizzle builds a table's keys and indexes when they are first read: read them now, so that an
  // index this file cannot make throws at load, not later in drizzle-kit or a test.
  getPgTableConfig(made);
  return made as unknown as PgTableOf<T>;
}
