import { mutate } from '@/sync/mutate';
import { toCustomerInput, type CustomerFormValues } from './customer-form-values';
import { newRecordId } from '@shared/sync/record-id';

/** Adds a customer on this device and queues it for the server; returns its new id. */
export async function createCustomer(values: CustomerFormValues): Promise<string> {
  const id = newRecordId();
  await mutate('createCustomer', { ...toCustomerInput(values), id });
  return id;
}
