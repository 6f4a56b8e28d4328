import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { InvoiceRow, PaymentRow } from '@shared/schemas/sale';
import { filterDueInvoices, type DueFilters } from './filter-due-invoices';

/** An invoice as the due list reads it: with its paid, due and status (kept from the payments). */
export type DueInvoice = InvoiceRow;

const invoices = db.invoices;
const payments = db.payments;

export type { DueFilters };

/** What the device read: the unpaid invoices, or that reading them failed (spec 8's load failure). */
type UnpaidRead = { invoices: DueInvoice[]; failed: false } | { invoices: undefined; failed: true };

/**
 * Every unpaid invoice on this device, oldest first. Read through the invoices' status index (a
 * shop's unpaid invoices are thousands, not its 100,000) when they change, not on every keystroke
 * of a filter: reading 5,000 rows from IndexedDB took 30 to 300 ms on two cores (issue 9). A failed
 * read is an answer, not a throw (useLiveQuery would rethrow it into the page).
 */
function useUnpaidInvoices(): UnpaidRead | undefined {
  return useLiveQuery(async (): Promise<UnpaidRead> => {
    try {
      const due = await invoices.where('status').equals('Due').toArray();
      return { invoices: due.sort((a, b) => a.date.localeCompare(b.date) || a.invoiceNo.localeCompare(b.invoiceNo)), failed: false };
    } catch (error) {
      console.error('Failed to load due invoices.', error);
      return { invoices: undefined, failed: true };
    }
  }, []);
}

/**
 * The unpaid invoices, oldest first, filtered in memory (all three filters combine): undefined while
 * loading; `failed` when the device could not read them.
 */
export function useDueInvoices(filters: DueFilters): { listed: DueInvoice[] | undefined; failed: boolean } {
  const read = useUnpaidInvoices();
  const { invoiceNo, customerId, date } = filters;
  const listed = useMemo(() => (read?.invoices ? filterDueInvoices(read.invoices, { invoiceNo, customerId, date }) : undefined), [read, invoiceNo, customerId, date]);
  return { listed, failed: read?.failed ?? false };
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
