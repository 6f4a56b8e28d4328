import type { MutationDef } from './define';
import { defineMutation, entityMutations, oneRecord } from './define';
import { createCategorySchema, deleteCategorySchema, updateCategorySchema } from '../schemas/category';
import { createCustomerSchema, deleteCustomerSchema, updateCustomerSchema } from '../schemas/customer';
import { deleteItemSchema, updateItemSchema } from '../schemas/item';
import { createServiceSchema, deleteServiceSchema, updateServiceSchema } from '../schemas/service';
import { saveCompanySchema } from '../schemas/company';
import { adjustStock, createItem, putItem, quickCreateItem } from './items';
import { createJobCard, deleteJobCard, setJobCardStatus, updateJobCard } from './job-cards';
import { quickCreateCustomer } from './customers';
import { checkoutSale } from './sales';
import { recordBulkPayment, recordPayment } from './payments';

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
  quickCreateCustomer,
  createJobCard,
  updateJobCard,
  setJobCardStatus,
  deleteJobCard,
  checkoutSale,
  recordPayment,
  recordBulkPayment,
  saveCompany: defineMutation({
    name: 'saveCompany',
    schema: saveCompanySchema,
    permission: 'editCompany',
    touches: oneRecord('company'),
    entity: { table: 'company', kind: 'upsert' },
  }),
};

export type MutationName = keyof typeof mutationDefs;

/**
 * The mutations with applies of their own (server/src/mutations, client/src/sync/mutators); every
 * other one is a generic create/update/delete/upsert of one row (`entity` set), applied generically.
 */
export const customMutationNames = [
  'createItem',
  'quickCreateItem',
  'adjustStock',
  'putItem',
  'quickCreateCustomer',
  'createJobCard',
  'updateJobCard',
  'setJobCardStatus',
  'deleteJobCard',
  'checkoutSale',
  'recordPayment',
  'recordBulkPayment',
] as const satisfies readonly MutationName[];
export type CustomMutationName = (typeof customMutationNames)[number];
export type EntityMutationName = Exclude<MutationName, CustomMutationName>;

/** `make(def)` for every generic mutation, by name: the generic half of each side's registry. */
export function forEntityMutations<T>(make: (def: MutationDef<unknown>) => T): Record<EntityMutationName, T> {
  const made: Record<string, T> = {};
  for (const [name, def] of Object.entries(mutationDefs) as [MutationName, MutationDef<unknown>][]) {
    if ((customMutationNames as readonly string[]).includes(name)) continue;
    if (!def.entity) throw new Error(`${name} has no generic apply: give it its own and list it in customMutationNames`);
    made[name] = make(def);
  }
  return made as Record<EntityMutationName, T>;
}
export type MutationArgs<N extends MutationName> = (typeof mutationDefs)[N] extends MutationDef<infer A> ? A : never;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationDefs, name);
}

export function findMutation(name: string): MutationDef<unknown> | undefined {
  return isMutationName(name) ? (mutationDefs[name] as MutationDef<unknown>) : undefined;
}
