import type { SyncProblem } from '../db/db';
import { entities, type EntityName, type ProblemFormEntity } from '@shared/entities';

/**
 * The refused changes that open in their own form: `create<noun>` and `update<noun>` of each entity
 * that declares a `problemForm` (shared/entities). Read from the declarations, not from the mutation
 * definitions, so the top bar can ask without loading every schema: problem-kinds.test.ts checks the
 * names against the definitions.
 */
export const editableProblemForms: Readonly<Record<string, { table: ProblemFormEntity; isCreate: boolean }>> = Object.fromEntries(
  (Object.keys(entities) as EntityName[]).flatMap((table) => {
    const form = entities[table].problemForm;
    if (!form) return [];
    return [
      [`create${form.noun}`, { table: table as ProblemFormEntity, isCreate: true }],
      [`update${form.noun}`, { table: table as ProblemFormEntity, isCreate: false }],
    ];
  }),
);

/** The table and kind of a refused create or edit that has a form, or null. */
export function formFor(problem: SyncProblem): { table: ProblemFormEntity; isCreate: boolean } | null {
  return Object.hasOwn(editableProblemForms, problem.mutation.name) ? editableProblemForms[problem.mutation.name]! : null;
}

export const isEditableProblem = (problem: SyncProblem) => formFor(problem) !== null;

/**
 * The mutations that record a fact (the definitions' `fact`: a sale, a payment): a refused one is
 * retried, never discarded, so money taken is never dropped from a device. A plain list for the same
 * reason as above; problem-kinds.test.ts checks it against the definitions. A return (returnSale) is
 * a fact too, but the server refuses one only when nothing was handed back (a line returned on another
 * register meanwhile): its problem says what is left, and is discarded once the cashier has seen it.
 * An expense (recordExpense) is a fact as well, but the server refuses only a correction (its author's
 * role, or more taken back than stands): that moved no money, so it may be discarded too. The cash
 * drawer's records (openDrawer, moveDrawerCash, closeDrawer) are counts and cash that moved: kept. So is
 * a delivery counted in (receiveGoods): the parts are on the shelf; and money paid to a supplier (paySupplier). A return to a supplier
 * (returnToSupplier) is a fact, but the server refuses one only when a line is not on its delivery or
 * the author may not purchase: sending it again cannot pass and nothing moved, so it may be discarded.
 */
export const factMutationNames: ReadonlySet<string> = new Set([
  'checkoutSale',
  'recordPayment',
  'recordBulkPayment',
  'openDrawer',
  'moveDrawerCash',
  'closeDrawer',
  'receiveGoods',
  'paySupplier',
]);

export const canDiscardProblem = (problem: SyncProblem) => !factMutationNames.has(problem.mutation.name);
