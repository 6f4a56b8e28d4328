import { mutate } from '@/sync/mutate';
import type { VehicleFormValues } from '@/lib/vehicle-form-values';
import { newRecordId } from '@shared/sync/record-id';

export interface QuickCustomerValues {
  customerName: string;
  phone: string;
  address: string;
  email: string;
  vehicles: VehicleFormValues[];
}

/** The picker's '+ Add Customer' (spec 5's lighter form); answers the new customer's id. */
export async function quickCreateCustomer(values: QuickCustomerValues): Promise<string> {
  const id = newRecordId();
  await mutate('quickCreateCustomer', {
    id,
    customerName: values.customerName,
    phone: values.phone,
    address: values.address,
    email: values.email,
    vehicles: values.vehicles.map(({ key: _key, ...vehicle }) => vehicle),
  });
  return id;
}
