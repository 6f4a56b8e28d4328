import { deleteServiceReminderSchema, saveServiceReminderSchema } from '../schemas/service-reminder';
import type { z } from 'zod';
import type { MutationDef } from './define';
import { defineEntityMutation, entityMutations, oneRecord, type EntityMutationDef } from './define';
import { createCustomerSchema, deleteCustomerSchema, updateCustomerSchema } from '../schemas/customer';
import { deleteItemSchema, updateItemSchema } from '../schemas/item';
import { saveCompanySchema } from '../schemas/company';
import { entities, plainEntityNames, type Entities, type PlainEntityName } from '../entities';
import { plainMutationDefs, type PlainMutationDefs } from '../entities/plain-entity';
import { adjustStock, createItem, putItem, quickCreateItem } from './items';
import { createJobCard, deleteJobCard, setJobCardStatus, updateJobCard } from './job-cards';
import { quickCreateCustomer } from './customers';
import { checkoutSale } from './sales';
import { recordBulkPayment, recordPayment } from './payments';
import { acceptHeldRefund, markSaleReviewed, settlePaidTwice } from './review';
import { dismissNotice } from './notices';
import { returnSale } from './returns';
import { recordExpense } from './expenses';
import { closeDrawer, moveDrawerCash, openDrawer } from './drawer';
import { cancelPurchaseOrder, createPurchaseOrder, placePurchaseOrder, updatePurchaseOrder } from './purchase-orders';
import { recordOpeningBalance } from './opening-balances';
import { createEstimate, decideEstimate, updateEstimate } from './estimates';
import { markReceiptReviewed, receiveGoods } from './receiving';
import { enterSupplierBill, paySupplier } from './supplier-bills';
import { markSupplierReturnReviewed, returnToSupplier } from './supplier-returns';
import { recordWhatsappOpened } from './whatsapp';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type AllPlainMutationDefs = UnionToIntersection<{ [Name in PlainEntityName]: PlainMutationDefs<Entities[Name]> }[PlainEntityName]>;

function allPlainMutationDefs(): AllPlainMutationDefs {
  return Object.assign({}, ...plainEntityNames.map((name) => plainMutationDefs(entities[name]))) as AllPlainMutationDefs;
}

const { updateItem, deleteItem } = entityMutations(
  'Item',
  'items',
  { create: createItem.schema, update: updateItemSchema, delete: deleteItemSchema },
  { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
);

/** Every mutation, by name. The server and the device each register one apply per name. */
export const mutationDefs = {
  // Every plain entity's create, update and delete, from its declaration (shared/entities/plain-entity.ts).
  ...allPlainMutationDefs(),
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
  quickCreateCustomer,
  createJobCard,
  updateJobCard,
  setJobCardStatus,
  deleteJobCard,
  checkoutSale,
  recordPayment,
  recordBulkPayment,
  markSaleReviewed,
  acceptHeldRefund,
  settlePaidTwice,
  dismissNotice,
  returnSale,
  recordExpense,
  openDrawer,
  moveDrawerCash,
  closeDrawer,
  createPurchaseOrder,
  updatePurchaseOrder,
  placePurchaseOrder,
  cancelPurchaseOrder,
  recordOpeningBalance,
  createEstimate,
  updateEstimate,
  decideEstimate,
  receiveGoods,
  markReceiptReviewed,
  enterSupplierBill,
  paySupplier,
  returnToSupplier,
  markSupplierReturnReviewed,
  recordWhatsappOpened,
  // A vehicle's next service, worked out by the device that finished its job (issue 45): the later save stands.
  saveServiceReminder: defineEntityMutation({
    name: 'saveServiceReminder',
    schema: saveServiceReminderSchema,
    permission: 'operate',
    touches: oneRecord('serviceReminders'),
    entity: { table: 'serviceReminders', kind: 'upsert' },
  }),
  // Nothing is due any more (the job that made it reopened or deleted).
  deleteServiceReminder: defineEntityMutation({
    name: 'deleteServiceReminder',
    schema: deleteServiceReminderSchema,
    permission: 'operate',
    touches: oneRecord('serviceReminders'),
    entity: { table: 'serviceReminders', kind: 'delete' },
  }),
  saveCompany: defineEntityMutation({
    name: 'saveCompany',
    schema: saveCompanySchema,
    permission: 'editCompany',
    touches: oneRecord('company'),
    entity: { table: 'company', kind: 'upsert' },
  }),
};

export type MutationName = keyof typeof mutationDefs;
/** The plain entities' generic create, update and delete (shared/entities/plain-entity.ts). */
export type PlainMutationName = keyof AllPlainMutationDefs;

/**
 * The generic mutations (an `entity` create/update/delete/upsert of one row), applied by each side's
 * generic apply; every other mutation has an apply of its own in both registries
 * (server/src/mutations/registry.ts, client/src/sync/mutators/registry.ts), whose types make a missing
 * or a superfluous one a compile error. No list of names is kept by hand.
 */
export type EntityMutationName = { [N in MutationName]: (typeof mutationDefs)[N] extends { entity: object } ? N : never }[MutationName];
export type CustomMutationName = Exclude<MutationName, EntityMutationName>;

/** `make(def)` for every generic mutation, by name: the generic half of each side's registry. */
export function forEntityMutations<T>(make: (def: EntityMutationDef) => T): Record<EntityMutationName, T> {
  const made: Record<string, T> = {};
  for (const [name, def] of Object.entries(mutationDefs) as [MutationName, MutationDef][]) {
    if (def.entity) made[name] = make(def as EntityMutationDef);
  }
  return made as Record<EntityMutationName, T>;
}
export type MutationArgs<N extends MutationName> = (typeof mutationDefs)[N] extends MutationDef<infer A> ? A : never;
/** What a caller may pass to mutation N: its schema's input (form text for numbers included). */
export type MutationInput<N extends MutationName> = z.input<(typeof mutationDefs)[N]['schema']>;

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationDefs, name);
}

export function findMutation(name: string): MutationDef<unknown> | undefined {
  return isMutationName(name) ? (mutationDefs[name] as MutationDef<unknown>) : undefined;
}
