import { useLiveQuery } from 'dexie-react-hooks';

/**
 * The customer's due amount in cents (spec 7, due-summary by customerId), from the device's data.
 * It is the sum of the customer's unpaid invoices; invoices arrive with the sales register
 * (issue 8), and until then a customer owes nothing. undefined while loading ('Loading...').
 */
export function useCustomerDue(customerId: string | null | undefined): number | undefined {
  return useLiveQuery(async () => (customerId ? 0 : 0), [customerId]);
}
