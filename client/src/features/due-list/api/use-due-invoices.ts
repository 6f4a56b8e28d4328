import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/instance';
import type { InvoiceRow, PaymentRow } from '../../../../../shared/schemas/sale';
import { localDateInput } from '../../../lib/format-date';

export type DueInvoice = InvoiceRow & { paidCents: number; dueCents: number; status: 'Paid' | 'Due' };

const invoices = db.invoices as unknown as Table<DueInvoice, string>;
const payments = db.payments as unknown as Table<PaymentRow, string>;

export interface DueFilters {
  invoiceNo: string;
  customerId: string | null;
  /** YYYY-MM-DD: invoices of that day, or ''. */
  date: string;
}

/**
 * The unpaid invoices on this device, oldest first, filtered (all three filters combine). Read
 * through the invoices' status index: a shop's unpaid invoices are thousands, not its 100,000.
 */
export function useDueInvoices(filters: DueFilters): DueInvoice[] | undefined {
  return useLiveQuery(async () => {
    const due = await invoices.where('status').equals('Due').toArray();
    const number = filters.invoiceNo.trim().toLowerCase();
    return due
      .filter((invoice) => !number || invoice.invoiceNo.toLowerCase().includes(number))
      .filter((invoice) => !filters.customerId || invoice.customerId === filters.customerId)
      .filter((invoice) => !filters.date || localDateInput(new Date(invoice.date)) === filters.date)
      .sort((a, b) => a.date.localeCompare(b.date) || a.invoiceNo.localeCompare(b.invoiceNo));
  }, [filters.invoiceNo, filters.customerId, filters.date]);
}

/** The payments of these invoices (one page's), oldest first, by invoice. */
export function usePaymentHistories(invoiceIds: string[]): Map<string, PaymentRow[]> | undefined {
  return useLiveQuery(async () => {
    const rows = invoiceIds.length ? await payments.where('invoiceId').anyOf(invoiceIds).toArray() : [];
    const byInvoice = new Map<string, PaymentRow[]>();
    for (const row of rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
    return byInvoice;
  }, [invoiceIds.join(',')]);
}

/** All of one customer's unpaid invoices (for the bulk payment), oldest first. */
export async function customerOpenInvoices(customerId: string): Promise<DueInvoice[]> {
  const rows = await invoices.where('[customerId+date]').between([customerId, ''], [customerId, '\uffff']).toArray();
  return rows.filter((row) => row.status === 'Due' && row.dueCents > 0);
}
