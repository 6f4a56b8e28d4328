import { mutate } from '@/sync/mutate';
import { toCustomerInput, type CustomerFormValues } from './customer-form-values';

/** Adds a customer on this device and queues it for the server; returns its new id. */
export async function createCustomer(values: CustomerFormValues): Promise<string> {
  const id = crypto.randomUUID();
  await mutate('createCustomer', { ...toCustomerInput(values), id });
  return id;
}
