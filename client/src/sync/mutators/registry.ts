import type { LocalTx } from '../local-tx';
import { applyEntityLocally } from './entity';
import { adjustStock, createItem, putItem, quickCreateItem } from './items';
import { mutationDefs, type MutationArgs, type MutationName } from '../../../../shared/mutations/definitions';

export type LocalApply<N extends MutationName> = (tx: LocalTx, args: MutationArgs<N>) => Promise<void>;

const entity = <N extends MutationName>(name: N) => applyEntityLocally(mutationDefs[name]) as LocalApply<N>;

/** One optimistic apply per mutation name (the server's are in server/src/mutations/registry.ts). */
export const localMutators: { [N in MutationName]: LocalApply<N> } = {
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
