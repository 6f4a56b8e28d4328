import type { SyncProblem } from '../db/db';
import type { SyncedTable } from '../../../shared/sync/tables';

/**
 * The refused changes that open in their own form (a create or an edit of a category, customer,
 * item or service). A plain table, not read from the mutation definitions, so the top bar can ask
 * without loading every schema: problem-kinds.test.ts checks it against the definitions.
 */
export const editableProblemForms: Readonly<Record<string, { table: SyncedTable; isCreate: boolean }>> = {
  createCategory: { table: 'categories', isCreate: true },
  updateCategory: { table: 'categories', isCreate: false },
  createCustomer: { table: 'customers', isCreate: true },
  updateCustomer: { table: 'customers', isCreate: false },
  createItem: { table: 'items', isCreate: true },
  updateItem: { table: 'items', isCreate: false },
  createService: { table: 'services', isCreate: true },
  updateService: { table: 'services', isCreate: false },
};

/** The table and kind of a refused create or edit that has a form, or null. */
export function formFor(problem: SyncProblem): { table: SyncedTable; isCreate: boolean } | null {
  return Object.hasOwn(editableProblemForms, problem.mutation.name) ? editableProblemForms[problem.mutation.name]! : null;
}

export const isEditableProblem = (problem: SyncProblem) => formFor(problem) !== null;

/**
 * The mutations that record a fact (the definitions' `fact`: a sale, a payment): a refused one is
 * retried, never discarded, so money taken is never dropped from a device. A plain list for the same
 * reason as above; problem-kinds.test.ts checks it against the definitions.
 */
export const factMutationNames: ReadonlySet<string> = new Set(['checkoutSale', 'recordPayment', 'recordBulkPayment']);

export const canDiscardProblem = (problem: SyncProblem) => !factMutationNames.has(problem.mutation.name);
