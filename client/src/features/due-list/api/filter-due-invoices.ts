import { localDay } from '@/lib/document-format';

export interface DueFilters {
  invoiceNo: string;
  customerId: string | null;
  /** YYYY-MM-DD: invoices made on that day here (the device's time zone), or ''. */
  date: string;
}

/**
 * The due list's three filters, combined, in memory: the invoice number contains the text (any
 * case), the customer is the one chosen, the invoice was made on the day chosen (the shop's day,
 * as its paper says, never the UTC day). Keeps the order it is given.
 */
export function filterDueInvoices<T extends { invoiceNo: string; customerId: string | null; date: string }>(due: readonly T[], filters: DueFilters): T[] {
  const number = filters.invoiceNo.trim().toLowerCase();
  const { customerId, date } = filters;
  return due.filter(
    (invoice) => (!number || invoice.invoiceNo.toLowerCase().includes(number)) && (!customerId || invoice.customerId === customerId) && (!date || localDay(invoice.date) === date),
  );
}
