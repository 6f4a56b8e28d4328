import type { MutationDef } from './define';
import { defineMutation, entityMutations, oneRecord } from './define';
import { createCategorySchema, deleteCategorySchema, updateCategorySchema } from '../schemas/category';
import { createCustomerSchema, deleteCustomerSchema, updateCustomerSchema } from '../schemas/customer';
import { deleteItemSchema, updateItemSchema } from '../schemas/item';
import { createServiceSchema, deleteServiceSchema, updateServiceSchema } from '../schemas/service';
import { saveCompanySchema } from '../schemas/company';
import { adjustStock, createItem, putItem, quickCreateItem } from './items';

const { updateItem, deleteItem } = entityMutations(
  'Item',
  'items',
  { create: createItem.schema, update: updateItemSchema, delete: deleteItemSchema },
  { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
);

/** Every mutation, by name. The server and the device each register one apply per name. */
export const mutationDefs = {
  ...entityMutations(
    'Category',
    'categories',
    { create: createCategorySchema, update: updateCategorySchema, delete: deleteCategorySchema },
    { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  ),
  ...entityMutations(
    'Customer',
    'customers',
    { create: createCustomerSchema, update: updateCustomerSchema, delete: deleteCustomerSchema },
    { create: 'operate', update: 'operate', delete: 'deleteRecords' },
  ),
  createItem,
  updateItem,
  deleteItem,
  quickCreateItem,
  adjustStock,
  putItem,
  ...entityMutations(
    'Service',
    'services',
    { create: createServiceSchema, update: updateServiceSchema, delete: deleteServiceSchema },
    { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  ),
  saveCompany: defineMutation({
    name: 'saveCompany',
    schema: saveCompanySchema,
    permission: 'editCompany',
    touches: oneRecord('company'),
    entity: { table: 'company', kind: 'upsert' },
  }),
};

export type MutationName = keyof typeof mutationDefs;
export type MutationArgs<N extends MutationName> = (typeof mutationDefs)[N] extends MutationDef<infer A> ? A : never;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationDefs, name);
}

export function findMutation(name: string): MutationDef<unknown> | undefined {
  return isMutationName(name) ? (mutationDefs[name] as MutationDef<unknown>) : undefined;
}
