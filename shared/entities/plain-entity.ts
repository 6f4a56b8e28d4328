import { z } from 'zod';
import { idSchema } from '../schemas/common';
import { lowerSortKey } from '../domain/search-tokens';
import { defineEntity, type Entity, type EntityRest, type FieldMap, type ProblemForm, type SyncedColumns } from './define-entity';
import type { ColumnKind, ColumnValue, PlainField, ServerField } from './plain-fields';
import type { Permission } from '../domain/permissions';
import type { EntityMutationDef } from '../mutations/define';
import type { SyncedTable } from '../sync/tables';

// A plain synced entity (issue 48): a record people create, edit and delete through the generic
// mutations, whose fields are declared once (plain-fields.ts). From the declaration come the entity
// (shared/entities: the stored fields map, labels, search words, sort key, device indexes), its zod
// schemas, its row type, its API shape, a valid example for the bad-input tests, and the form's empty
// values; the server makes its tables from it (server/src/db/plain-columns.ts) and mounts its REST
// routes (server/src/app.ts). Adding a field is one line here; docs/architecture.md says what else a
// new entity needs and which check names each place.

type Fields = Record<string, PlainField>;
type ServerFields = Record<string, ServerField>;

/** The stored name of the field declared under `K`. */
type StoredKey<F, K> = F extends PlainField<infer S, ColumnKind> ? (S extends string ? S : K & string) : K & string;

/** The stored row of a plain entity: the synced columns, each field under its stored name, the server's columns. */
export type PlainRow<F extends Fields, S extends ServerFields> = SyncedColumns & {
  -readonly [K in keyof F as StoredKey<F[K], K>]: F[K] extends PlainField<string | undefined, infer C extends ColumnKind> ? ColumnValue<C> : never;
} & { -readonly [K in keyof S]: S[K] extends ServerField<infer C extends ColumnKind> ? ColumnValue<C> : never };

/** The values a form holds, one text per field (what an input shows). */
export type PlainFormValues<F extends Fields> = { [K in keyof F]: string };

export interface PlainDeclaration<Name extends string, Sql extends string, F extends Fields, S extends ServerFields, Form extends ProblemForm | undefined> {
  name: Name;
  sqlName: Sql;
  priority: boolean;
  /** Who may create, edit and delete its records: its generic mutations' permissions (shared/mutations/definitions.ts). */
  permissions: { create: Permission; update: Permission; delete: Permission };
  /** The entity's name in its mutations' names (createCategory) and, for `problemForm`, its form's. */
  problemForm: Form;
  fields: F;
  serverFields?: S;
  /** The field its records are named and sorted by (a name). */
  title: keyof F & string;
  rest?: EntityRest<NoInfer<PlainRow<F, S>>>;
}

export interface PlainParts<F extends Fields, S extends ServerFields> {
  fields: F;
  serverFields: S;
  permissions: { create: Permission; update: Permission; delete: Permission };
  schemas: {
    create: z.ZodObject<{ id: typeof idSchema } & { -readonly [K in keyof F]: F[K]['input'] }>;
    update: z.ZodObject<{ id: typeof idSchema } & { -readonly [K in keyof F]: z.ZodOptional<F[K]['input']> }>;
    delete: z.ZodObject<{ id: typeof idSchema }>;
  };
  /** The stored name of each declared field. */
  storedName: (field: string) => string;
}

export type PlainEntity<Name extends string, Sql extends string, F extends Fields, S extends ServerFields, Form extends ProblemForm | undefined> = Entity<
  Name,
  PlainRow<F, S>,
  Sql,
  Form
> & { plain: PlainParts<F, S> };

const storedNameOf = (key: string, field: PlainField) => field.storedAs ?? key;

/** The device's indexes: the server's and the declared fields' indexes, then the search words and sort key. */
function deviceIndexesOf(fields: Fields, serverFields: ServerFields): string {
  const indexed = [
    ...Object.entries(serverFields)
      .filter(([, field]) => field.index)
      .map(([key]) => key),
    ...Object.entries(fields)
      .filter(([, field]) => field.index)
      .map(([key, field]) => storedNameOf(key, field)),
  ];
  return ['id', ...indexed, '*searchWords', 'sortKey'].join(', ');
}

export function definePlainEntity<
  const Name extends string,
  const Sql extends string,
  const F extends Fields,
  const S extends ServerFields = Record<never, never>,
  const Form extends ProblemForm = ProblemForm,
>(declaration: PlainDeclaration<Name, Sql, F, S, Form>): PlainEntity<Name, Sql, F, S, Form> {
  const fields = declaration.fields;
  const serverFields = (declaration.serverFields ?? {}) as S;
  type Row = PlainRow<F, S>;
  const fieldMap: FieldMap = Object.fromEntries(Object.entries(fields).map(([key, field]) => [storedNameOf(key, field), { from: key, convert: field.toStored }]));
  const labels = Object.fromEntries([
    ...Object.entries(serverFields).map(([key, field]) => [key, field.label]),
    ...Object.entries(fields).map(([key, field]) => [storedNameOf(key, field), field.label]),
  ]);
  const searched = (kind: 'words' | 'digits') => [
    ...Object.entries(serverFields)
      .filter(([, field]) => field.search === kind)
      .map(([key]) => key),
    ...Object.entries(fields)
      .filter(([, field]) => field.search === kind)
      .map(([key, field]) => storedNameOf(key, field)),
  ];
  const words = [...searched('words'), ...searched('digits')];
  const digits = searched('digits');
  const title = storedNameOf(declaration.title, fields[declaration.title]!);
  const inputs = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.input]));
  const entity = defineEntity<Row>()({
    name: declaration.name,
    sqlName: declaration.sqlName,
    priority: declaration.priority,
    problemForm: declaration.problemForm,
    fields: fieldMap,
    search: {
      words: (row) => words.map((key) => (row as Record<string, unknown>)[key]),
      ...(digits.length > 0 ? { digits: (row: Row) => digits.map((key) => (row as Record<string, unknown>)[key]) } : {}),
    },
    sortKey: (row) => lowerSortKey(String((row as Record<string, unknown>)[title] ?? '')),
    deviceIndexes: deviceIndexesOf(fields, serverFields),
    names: { record: (row) => String((row as Record<string, unknown>)[title] ?? ''), fields: labels as Partial<Record<keyof Row & string, string>> },
    ...(declaration.rest ? { rest: declaration.rest } : {}),
  }) as Entity<Name, Row, Sql, Form>;
  const create = z.object({ id: idSchema, ...inputs }) as PlainParts<F, S>['schemas']['create'];
  return {
    ...entity,
    plain: {
      fields,
      serverFields,
      permissions: declaration.permissions,
      schemas: {
        create,
        update: z.object(inputs).partial().extend({ id: idSchema }) as unknown as PlainParts<F, S>['schemas']['update'],
        delete: z.object({ id: idSchema }),
      },
      storedName: (key) => storedNameOf(key, fields[key]!),
    },
  };
}

/** Any plain entity, for the code that works on all of them (routes, forms, tests). */
export interface AnyPlainEntity {
  name: string;
  sqlName: string;
  problemForm?: ProblemForm;
  rest?: EntityRest<never>;
  plain: PlainParts<Fields, ServerFields>;
}

/** A record as the API answers it: `_id` and `id`, the server's fields, each field under its own name (rupees, not cents). */
export function plainToApi(entity: AnyPlainEntity, row: Record<string, unknown>): Record<string, unknown> {
  const { fields, serverFields } = entity.plain;
  return {
    _id: row.id,
    id: row.id,
    ...Object.fromEntries(Object.keys(serverFields).map((key) => [key, row[key] ?? null])),
    ...Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.toApi(row[storedNameOf(key, field)] as never)])),
    updatedAt: row.updatedAt,
  };
}

/** Valid create arguments: every field's example (the bad-input tests', a scratch record's). */
export function exampleArgs(entity: AnyPlainEntity, id: string): Record<string, unknown> {
  return { id, ...Object.fromEntries(Object.entries(entity.plain.fields).map(([key, field]) => [key, field.example])) };
}

/** A form's values for a new record (all blank), or for a stored one (each field as an input shows it). */
export function formValuesOf<F extends Fields>(entity: { plain: PlainParts<F, ServerFields> }, row?: Record<string, unknown>): PlainFormValues<F> {
  return Object.fromEntries(
    Object.entries(entity.plain.fields).map(([key, field]) => {
      if (!row) return [key, ''];
      const value = field.toApi(row[storedNameOf(key, field)] as never);
      if (value === null || value === undefined) return [key, ''];
      // Money is edited as the register shows it, with its two decimals; a list as its JSON text.
      if (field.inputKind === 'lines') return [key, JSON.stringify(value)];
      return [key, field.inputKind === 'money' && typeof value === 'number' ? value.toFixed(2) : String(value)];
    }),
  ) as PlainFormValues<F>;
}

/** The stored row of a declared plain entity. */
export type RowOfPlain<E> = E extends Entity<string, infer Row, string, ProblemForm | undefined> ? Row : never;

/** The generic create, update and delete of a plain entity, named by its noun (createCategory…). */
type Create<F extends Fields, S extends ServerFields> = PlainParts<F, S>['schemas']['create'];
type Update<F extends Fields, S extends ServerFields> = PlainParts<F, S>['schemas']['update'];
type Delete<F extends Fields, S extends ServerFields> = PlainParts<F, S>['schemas']['delete'];

export type PlainMutationDefs<E> = E extends {
  plain: { fields: infer F extends Fields; serverFields: infer S extends ServerFields };
  problemForm?: { noun: infer N extends string };
}
  ? { [K in `create${N}`]: EntityMutationDef<z.output<Create<F, S>>, z.input<Create<F, S>>> } & {
      [K in `update${N}`]: EntityMutationDef<z.output<Update<F, S>>, z.input<Update<F, S>>>;
    } & { [K in `delete${N}`]: EntityMutationDef<z.output<Delete<F, S>>, z.input<Delete<F, S>>> }
  : never;

export function plainMutationDefs<E extends AnyPlainEntity>(entity: E): PlainMutationDefs<E> {
  const { noun } = entity.problemForm!;
  const table = entity.name as SyncedTable;
  const make = (kind: 'create' | 'update' | 'delete'): EntityMutationDef => ({
    name: `${kind}${noun}`,
    schema: entity.plain.schemas[kind] as z.ZodType,
    permission: entity.plain.permissions[kind],
    touches: (args) => [{ table, id: (args as { id: string }).id }],
    entity: { table, kind },
  });
  return { [`create${noun}`]: make('create'), [`update${noun}`]: make('update'), [`delete${noun}`]: make('delete') } as unknown as PlainMutationDefs<E>;
}
