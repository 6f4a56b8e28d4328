import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { quickCustomerFields } from '@shared/mutations/customers';

/** The job card picker's '+ Add Customer': the lighter form's fields (spec 5). */
export async function quickCreateCustomer(tx: MutationTx, args: MutationArgs<'quickCreateCustomer'>) {
  if (await tx.find('customers', args.id)) throw conflict('This customer already exists.');
  await tx.insert('customers', quickCustomerFields(args));
  return (await tx.find('customers', args.id))!;
}
