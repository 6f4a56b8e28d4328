import type { z } from 'zod';
import type { Permission } from '../domain/permissions';
import type { RecordRef, SyncedTable } from '../sync/tables';

/**
 * What both sides know of a named mutation (docs/sync-rules.md, rule 2): its arguments, who may run it, and
 * the records it touches. The server's apply (server/src/mutations) and the device's optimistic
 * apply (client/src/sync/mutators) are registered under the same name.
 *
 * `touches` lists every record the mutation writes, and any record it needs to exist (a job
 * card's customer): pending local work on one of them keeps a pull from overwriting it, a
 * rejection restores each of them, and another author's waiting work on one of them holds this
 * mutation back.
 */
export interface MutationDef<Args = unknown, Input = unknown> {
  name: string;
  /** Checks and cleans the arguments; `Input` is what a caller may pass (form text included). */
  schema: z.ZodType<Args, Input>;
  permission: Permission;
  touches: (args: Args) => RecordRef[];
  /**
   * A fact that happened at the counter (a sale printed and paid, a payment taken): the server records
   * it whatever it conflicts with (docs/decisions.md, Facts stand), and a device never discards it.
   */
  fact?: boolean;
  /**
   * A record the fact needs that may reach the server after it, and the mutation that makes that
   * record (a return leans on its sale's invoice, made by checkoutSale). While the server lacks the
   * record it answers notYetStatus (shared/sync/protocol.ts) and the device keeps the fact queued,
   * unless its own making of that record was refused. Undefined: this one leans on nothing.
   */
  leansOn?: (args: Args) => { record: RecordRef; madeBy: string } | undefined;
  /** Set for the generic create/update/delete/upsert of one row of one table. */
  entity?: { table: SyncedTable; kind: EntityKind };
}

export type EntityKind = 'create' | 'update' | 'delete' | 'upsert';

/** A generic create/update/delete/upsert of one row: applied by each side's generic apply, no apply of its own. */
export type EntityMutationDef<Args = unknown, Input = unknown> = MutationDef<Args, Input> & { entity: { table: SyncedTable; kind: EntityKind } };

export function defineMutation<Args, Input>(def: MutationDef<Args, Input>): MutationDef<Args, Input> {
  return def;
}

export function defineEntityMutation<Args, Input>(def: EntityMutationDef<Args, Input>): EntityMutationDef<Args, Input> {
  return def;
}

/** The one record an entity mutation names by `args.id`. */
export const oneRecord =
  (table: SyncedTable) =>
  (args: { id: string }): RecordRef[] => [{ table, id: args.id }];

/** Generic create/update/delete of one table, for the simple mutations. */
export function entityMutations<E extends string, C extends { id: string }, CI, U extends { id: string }, UI, D extends { id: string }, DI>(
  entity: E,
  table: SyncedTable,
  schemas: { create: z.ZodType<C, CI>; update: z.ZodType<U, UI>; delete: z.ZodType<D, DI> },
  permissions: { create: Permission; update: Permission; delete: Permission },
) {
  const make = <A extends { id: string }, I>(kind: 'create' | 'update' | 'delete', schema: z.ZodType<A, I>): EntityMutationDef<A, I> => ({
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
  } as { [K in `create${E}`]: EntityMutationDef<C, CI> } & { [K in `update${E}`]: EntityMutationDef<U, UI> } & {
    [K in `delete${E}`]: EntityMutationDef<D, DI>;
  };
}
