import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import type { InvoiceRow } from '@shared/schemas/sale';

// A customer's unpaid invoices and their sum, read by the due list (Bulk Payment) and the job card (Due Amount).

/** All of one customer's unpaid invoices (the bulk payment; whether Bulk Payment is offered), oldest first. */
export async function customerOpenInvoices(customerId: string): Promise<InvoiceRow[]> {
  const rows = await db.invoices.where('[customerId+date]').between([customerId, ''], [customerId, '\uffff']).toArray();
  return rows.filter((row) => row.status === 'Due' && row.dueCents > 0);
}

/** A customer's due: cents owed, or the spec's failure text (the amount then shows 0). */
export type CustomerDue = { cents: number; error: null } | { cents: 0; error: string };

/**
 * What one customer owes on this device, live, whatever a list's filters show: the sum of their
 * unpaid invoices through the [customerId+date] index. The due list offers Bulk Payment when it is
 * above 0 (spec 2.12); the job card shows it as Due Amount (the due summary by customerId, spec 7).
 * undefined while loading.
 */
export function useCustomerDue(customerId: string | null | undefined): CustomerDue | undefined {
  return useLiveQuery(async (): Promise<CustomerDue> => {
    if (!customerId) return { cents: 0, error: null };
    try {
      return { cents: (await customerOpenInvoices(customerId)).reduce((sum, invoice) => sum + invoice.dueCents, 0), error: null };
    } catch {
      return { cents: 0, error: 'Failed to load due' };
    }
  }, [customerId]);
}
