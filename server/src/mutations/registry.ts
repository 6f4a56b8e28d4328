import type { MutationTx } from './mutation-tx';
import { applyEntity } from './entity';
import { createItem } from './items/create-item';
import { quickCreateItem } from './items/quick-create-item';
import { adjustStock } from './items/adjust-stock';
import { putItem } from './items/put-item';
import { mutationDefs, type MutationArgs, type MutationName } from '../../../shared/mutations/definitions';

export type ServerApply<N extends MutationName> = (tx: MutationTx, args: MutationArgs<N>) => unknown;

const entity = <N extends MutationName>(name: N) => applyEntity(mutationDefs[name]) as ServerApply<N>;

/** One server apply per mutation name; the type makes a missing one a compile error. */
export const serverMutators: { [N in MutationName]: ServerApply<N> } = {
  createCategory: entity('createCategory'),
  updateCategory: entity('updateCategory'),
  deleteCategory: entity('deleteCategory'),
  createCustomer: entity('createCustomer'),
  updateCustomer: entity('updateCustomer'),
  deleteCustomer: entity('deleteCustomer'),
  createItem,
  updateItem: entity('updateItem'),
  deleteItem: entity('deleteItem'),
  quickCreateItem,
  adjustStock,
  putItem,
  createService: entity('createService'),
  updateService: entity('updateService'),
  deleteService: entity('deleteService'),
  saveCompany: entity('saveCompany'),
};
