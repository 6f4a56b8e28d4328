import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { isGuestCustomer, type CustomerRow } from '@shared/schemas/customer';
import { isGuestJobCustomer } from '@shared/domain/guest-job';

export interface JobCustomer {
  /** The customer's record on the device; undefined while read, or for a walk-in guest. */
  customer: CustomerRow | undefined;
  /** The walk-in guest: no customer record, only the plate (issue 25). */
  walkIn: boolean;
  /** A plate is typed rather than chosen from the customer's vehicles. */
  guest: boolean;
}

/** The job's customer, live, and whether its plate is typed (a walk-in or a guest customer). */
export function useJobCustomer(customerId: string): JobCustomer {
  const walkIn = isGuestJobCustomer(customerId);
  const customer = useLiveQuery(() => (customerId && !walkIn ? db.customers.get(customerId) : undefined), [customerId, walkIn]);
  return { customer, walkIn, guest: walkIn || (!!customer && isGuestCustomer(customer)) };
}
