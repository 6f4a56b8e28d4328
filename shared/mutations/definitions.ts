import type { z } from 'zod';
import type { Permission } from '../domain/permissions';
import type { SyncedTable } from '../sync/tables';
import { createCategorySchema, deleteCategorySchema, updateCategorySchema } from '../schemas/category';
import { createCustomerSchema, deleteCustomerSchema, updateCustomerSchema } from '../schemas/customer';
import { createItemSchema, deleteItemSchema, quickCreateItemSchema, updateItemSchema } from '../schemas/item';
import { createServiceSchema, deleteServiceSchema, updateServiceSchema } from '../schemas/service';
import { saveCompanySchema } from '../schemas/company';

export type MutationKind = 'create' | 'update' | 'delete' | 'upsert';

/** What both sides know of a named mutation: its arguments, who may run it, what record it touches. */
export interface MutationDef {
  name: string;
  kind: MutationKind;
  table: SyncedTable;
  schema: z.ZodType<{ id: string }, unknown>;
  permission: Permission;
}

function crud(
  entity: string,
  table: SyncedTable,
  schemas: Record<'create' | 'update' | 'delete', z.ZodType<{ id: string }, unknown>>,
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
  ...crud(
    'Customer',
    'customers',
    { create: createCustomerSchema, update: updateCustomerSchema, delete: deleteCustomerSchema },
    { create: 'operate', update: 'operate', delete: 'deleteRecords' },
  ),
  ...crud(
    'Item',
    'items',
    { create: createItemSchema, update: updateItemSchema, delete: deleteItemSchema },
    { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  ),
  { name: 'quickCreateItem', kind: 'create', table: 'items', schema: quickCreateItemSchema, permission: 'quickAddItem' },
  ...crud(
    'Service',
    'services',
    { create: createServiceSchema, update: updateServiceSchema, delete: deleteServiceSchema },
    { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  ),
  { name: 'saveCompany', kind: 'upsert', table: 'company', schema: saveCompanySchema, permission: 'editCompany' },
];

const byName = new Map(mutationDefs.map((def) => [def.name, def]));

export function findMutation(name: string): MutationDef | undefined {
  return byName.get(name);
}
