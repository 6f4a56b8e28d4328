import { describe, expect, it } from 'vitest';
import { editableProblemForms, factMutationNames } from './problem-kinds';
import { mutationDefs, type MutationName } from '@shared/mutations/definitions';

describe('the refused changes that open in a form', () => {
  it.each(Object.entries(editableProblemForms))('%s is a create or edit of its table', (name, form) => {
    const def = mutationDefs[name as MutationName];
    expect(def).toBeDefined();
    // createItem has an apply of its own (it records the opening stock) but is still the item form's create.
    if (name === 'createItem') return expect(form).toEqual({ table: 'items', isCreate: true });
    expect(def.entity).toEqual({ table: form.table, kind: form.isCreate ? 'create' : 'update' });
  });
  it('lists every generic create and edit of the four catalogue and customer tables', () => {
    const tables = ['categories', 'customers', 'items', 'services'];
    const generic = Object.values(mutationDefs).filter((def) => def.entity && tables.includes(def.entity.table) && (def.entity.kind === 'create' || def.entity.kind === 'update'));
    for (const def of generic) expect(Object.keys(editableProblemForms)).toContain(def.name);
  });
  it('never offers Discard for the mutations that record a fact (a sale, a payment)', () => {
    // A refused return handed nothing back, a refused expense is a correction, a refused return to a
    // supplier was bad input (problem-kinds.ts): they may be discarded.
    const facts = Object.values(mutationDefs)
      .filter((def) => 'fact' in def && def.fact && def.name !== 'returnSale' && def.name !== 'recordExpense' && def.name !== 'returnToSupplier')
      .map((def) => def.name);
    expect([...factMutationNames].sort()).toEqual(facts.sort());
    expect(facts).toEqual(expect.arrayContaining(['checkoutSale', 'recordPayment', 'recordBulkPayment']));
  });
});
