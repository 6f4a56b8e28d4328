import type { z } from 'zod';
import type { Permission } from '../domain/permissions';
import type { RecordRef, SyncedTable } from '../sync/tables';

/**
 * What both sides know of a named mutation (sync.md rule 2): its arguments, who may run it, and
 * the records it touches. The server's apply (server/src/mutations) and the device's optimistic
 * apply (client/src/sync/mutators) are registered under the same name.
 *
 * `touches` lists every record the mutation writes, and any record it needs to exist (a job
 * card's customer): pending local work on one of them keeps a pull from overwriting it, a
 * rejection restores each of them, and another author's waiting work on one of them holds this
 * mutation back.
 */
export interface MutationDef<Args = unknown> {
  name: string;
  schema: z.ZodType<Args, unknown>;
  permission: Permission;
  touches: (args: Args) => RecordRef[];
  /** Set for the generic create/update/delete/upsert of one row of one table. */
  entity?: { table: SyncedTable; kind: EntityKind };
}

export type EntityKind = 'create' | 'update' | 'delete' | 'upsert';

export function defineMutation<Args>(def: MutationDef<Args>): MutationDef<Args> {
  return def;
}

/** The one record an entity mutation names by `args.id`. */
export const oneRecord =
  (table: SyncedTable) =>
  (args: { id: string }): RecordRef[] => [{ table, id: args.id }];

/** Generic create/update/delete of one table, for the simple mutations. */
export function entityMutations<E extends string, C, U, D extends { id: string }>(
  entity: E,
  table: SyncedTable,
  schemas: { create: z.ZodType<C & { id: string }, unknown>; update: z.ZodType<U & { id: string }, unknown>; delete: z.ZodType<D, unknown> },
  permissions: { create: Permission; update: Permission; delete: Permission },
) {
  const make = <A extends { id: string }>(kind: 'create' | 'update' | 'delete', schema: z.ZodType<A, unknown>): MutationDef<A> => ({
    name: `${kind}${entity}`,
    schema,
    permission: permissions[kind],
    touches: oneRecord(table),
    entity: { table, kind },
  });
  return {
    [`create${entity}`]: make('create', schemas.create),
    [`update${entity}`]: make('update', schemas.update),
    [`delete${entity}`]: make('delete', schemas.delete),
  } as { [K in `create${E}`]: MutationDef<C & { id: string }> } & { [K in `update${E}`]: MutationDef<U & { id: string }> } & {
    [K in `delete${E}`]: MutationDef<D>;
  };
}
