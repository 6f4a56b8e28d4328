import { mutateEdit } from '@/sync/mutate';
import { toCustomerInput, type CustomerFormValues } from './customer-form-values';
import type { CustomerRow } from './customer-row';

/** Saves what the user changed since the form showed `original` (per-field last-writer-wins on the server). */
export async function updateCustomer(original: CustomerRow, values: CustomerFormValues): Promise<void> {
  await mutateEdit('updateCustomer', original.id, toCustomerInput(values), original as unknown as Record<string, unknown>);
}
