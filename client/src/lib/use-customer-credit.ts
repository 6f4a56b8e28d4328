import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import { customerCreditOnDevice } from '../db/customer-credit';

/** A customer's credit balance, live from this device's rows (offline too); undefined while read, 0 for none. */
export function useCustomerCredit(customerId: string | null | undefined): number | undefined {
  return useLiveQuery(() => (customerId ? customerCreditOnDevice(db, customerId) : 0), [customerId]);
}
