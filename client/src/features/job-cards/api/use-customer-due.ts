import { useLiveQuery } from 'dexie-react-hooks';
import { customerOpenInvoices } from '../../due-list/api/use-due-invoices';

/** The customer's due: cents owed, or the spec's failure text (the amount then shows 0). */
export type CustomerDue = { cents: number; error: null } | { cents: 0; error: string };

/**
 * The customer's due amount (spec 7, the due summary by customerId), from the device's data: the sum
 * of the customer's unpaid invoices, read through the invoices' [customerId+date] index, so it works
 * offline and follows payments and sales live. undefined while loading ('Loading...').
 */
export function useCustomerDue(customerId: string | null | undefined): CustomerDue | undefined {
  return useLiveQuery(async (): Promise<CustomerDue> => {
    if (!customerId) return { cents: 0, error: null };
    try {
      const open = await customerOpenInvoices(customerId);
      return { cents: open.reduce((sum, invoice) => sum + invoice.dueCents, 0), error: null };
    } catch {
      return { cents: 0, error: 'Failed to load due' };
    }
  }, [customerId]);
}
