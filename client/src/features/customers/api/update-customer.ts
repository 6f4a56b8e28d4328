import { db } from '../../../db/instance';
import { runLocalUpdate } from '../../../sync/local-mutation';
import { toCustomerInput, type CustomerFormValues } from './customer-form-values';

/** Saves the fields of a customer that changed (per-field last-writer-wins on the server). */
export async function updateCustomer(id: string, values: CustomerFormValues): Promise<void> {
  await runLocalUpdate(db, 'updateCustomer', id, toCustomerInput(values));
}
