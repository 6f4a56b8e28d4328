import { useMemo } from 'react';
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
 * Every unpaid invoice on this device, oldest first. Read through the invoices' status index (a
 * shop's unpaid invoices are thousands, not its 100,000) when they change, not on every keystroke
 * of a filter: reading 5,000 rows from IndexedDB took 30 to 300 ms on two cores (issue 9).
 */
function useUnpaidInvoices(): DueInvoice[] | undefined {
  return useLiveQuery(async () => {
    const due = await invoices.where('status').equals('Due').toArray();
    return due.sort((a, b) => a.date.localeCompare(b.date) || a.invoiceNo.localeCompare(b.invoiceNo));
  }, []);
}

/** The unpaid invoices, oldest first, filtered in memory (all three filters combine). */
export function useDueInvoices(filters: DueFilters): DueInvoice[] | undefined {
  const due = useUnpaidInvoices();
  const { customerId, date } = filters;
  const number = filters.invoiceNo.trim().toLowerCase();
  return useMemo(
    () =>
      due?.filter(
        (invoice) =>
          (!number || invoice.invoiceNo.toLowerCase().includes(number)) &&
          (!customerId || invoice.customerId === customerId) &&
          (!date || localDateInput(new Date(invoice.date)) === date),
      ),
    [due, number, customerId, date],
  );
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
