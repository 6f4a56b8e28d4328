import type { z } from 'zod';
import type { Permission } from '../domain/permissions';
import type { SyncedTable } from '../sync/tables';
import { createCategorySchema, deleteCategorySchema, updateCategorySchema } from '../schemas/category';

export type MutationKind = 'create' | 'update' | 'delete';

/** What both sides know of a named mutation: its arguments, who may run it, what record it touches. */
export interface MutationDef {
  name: string;
  kind: MutationKind;
  table: SyncedTable;
  schema: z.ZodType<{ id: string }>;
  permission: Permission;
}

function crud(
  entity: string,
  table: SyncedTable,
  schemas: { create: z.ZodType<{ id: string }>; update: z.ZodType<{ id: string }>; delete: z.ZodType<{ id: string }> },
  permissions: { create: Permission; update: Permission; delete: Permission },
): MutationDef[] {
  return (['create', 'update', 'delete'] as const).map((kind) => ({
    name: `${kind}${entity}`,
    kind,
    table,
    schema: schemas[kind],
    permission: permissions[kind],
  }));
}

export const mutationDefs: readonly MutationDef[] = [
  ...crud(
    'Category',
    'categories',
    { create: createCategorySchema, update: updateCategorySchema, delete: deleteCategorySchema },
    { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  ),
];

const byName = new Map(mutationDefs.map((def) => [def.name, def]));

export function findMutation(name: string): MutationDef | undefined {
  return byName.get(name);
}
