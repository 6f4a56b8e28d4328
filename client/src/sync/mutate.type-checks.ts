import { mutate } from './mutate';

/**
 * Compiled by `npm run typecheck`, never run or imported: each line under `@ts-expect-error` must be a
 * type error, or the typecheck fails. It proves that a screen cannot call a mutation with a wrong or
 * missing argument, or by a name that does not exist.
 */
export function mutateCallsThatMustNotCompile(): void {
  // The right call compiles.
  void mutate('createService', { id: 'svc-1', name: 'Wheel alignment', price: '2500.00' });
  // @ts-expect-error a required argument is missing (name)
  void mutate('createService', { id: 'svc-1', price: '2500.00' });
  // @ts-expect-error an argument of the wrong type (name is text)
  void mutate('createService', { id: 'svc-1', name: 42, price: '2500.00' });
  // @ts-expect-error no mutation has this name
  void mutate('createWidget', { id: 'w-1' });
  // @ts-expect-error the record's id is required
  void mutate('deleteService', {});
  // @ts-expect-error a payment method that does not exist
  void mutate('recordPayment', { id: 'p-1', invoiceId: 'inv-1', date: '2026-11-26', method: 'Bitcoin', amount: '100', note: '' });
}
