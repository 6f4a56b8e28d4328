import { integer, text, type SQLiteColumnBuilderBase } from 'drizzle-orm/sqlite-core';
import type { ColumnKind, PlainField, ServerField } from '@shared/entities/plain-fields';
import type { PlainParts } from '@shared/entities/plain-entity';

// The SQLite table of a plain entity, made from its declaration (shared/entities/plain-entity.ts,
// issue 48): a field added there is a column here, and `npm run db:generate` writes its migration (a
// forgotten migration fails server/test/migrations-match-schema.test.ts). Each column is named by its
// key, the field's stored name. A PostgreSQL table is made the same way from the same kinds.

const builders = {
  text: () => text().notNull(),
  nullableText: () => text(),
  integer: () => integer().notNull(),
  nullableInteger: () => integer(),
} satisfies Record<ColumnKind, () => SQLiteColumnBuilderBase>;

type Builder<K extends ColumnKind> = ReturnType<(typeof builders)[K]>;
type StoredKey<F, K> = F extends PlainField<infer S, ColumnKind> ? (S extends string ? S : K & string) : K & string;
type KindOf<F> = F extends PlainField<string | undefined, infer C> ? C : F extends ServerField<infer C> ? C : never;

/** The columns of a plain entity's fields and server fields, each under its stored name. */
export type PlainColumns<P> =
  P extends PlainParts<infer F, infer S> ? { [K in keyof F as StoredKey<F[K], K>]: Builder<KindOf<F[K]>> } & { [K in keyof S]: Builder<KindOf<S[K]>> } : never;

function column(kind: ColumnKind, columnDefault: unknown) {
  const built = builders[kind]();
  // The runtime builder keeps its default; the declared type is the plain one (selects are the same).
  return columnDefault === undefined ? built : (built as ReturnType<typeof text>).default(columnDefault as string);
}

export function plainColumns<P extends PlainParts<Record<string, PlainField>, Record<string, ServerField>>>(plain: P): PlainColumns<P> {
  const columns: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(plain.serverFields)) columns[key] = column(field.column, undefined);
  for (const [key, field] of Object.entries(plain.fields)) columns[field.storedAs ?? key] = column(field.column, field.columnDefault);
  return columns as PlainColumns<P>;
}

/** Every synced table: a device-made id, the server's version and a tombstone flag instead of deleting rows. */
export const synced = () => ({
  id: text('id').primaryKey(),
  version: integer('version').notNull(),
  deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
  updatedAt: text('updatedAt').notNull(),
});
