import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { usePagedSearch, type PagedResult } from '@/search';
import { owedCents, paymentStanding } from '@shared/domain/sales';
import type { InvoiceRow } from '@shared/schemas/sale';

const invoices = db.invoices;
const payments = db.payments;

export interface InvoiceListRow extends InvoiceRow {
  paidCents: number;
  dueCents: number;
  status: 'Paid' | 'Due';
}

/**
 * One page of the device's invoices, newest first, searched by number, customer, phone or plate;
 * each with what its payments add up to (only the page's payments are read).
 */
export function useInvoicePage(search: string, page: number, pageSize: number): PagedResult<InvoiceListRow> | undefined {
  const result = usePagedSearch(invoices, { search, page, pageSize });
  const ids = result?.rows.map((row) => row.id) ?? [];
  const paid = useLiveQuery(async () => {
    const rows = ids.length ? await payments.where('invoiceId').anyOf(ids).toArray() : [];
    const byInvoice = new Map<string, number[]>();
    for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row.amountCents]);
    return byInvoice;
  }, [ids.join(',')]);
  if (!result || !paid) return undefined;
  return {
    total: result.total,
    page: result.page,
    rows: result.rows.map((row) => {
      const standing = paymentStanding(owedCents(row), paid.get(row.id) ?? []);
      return { ...row, paidCents: standing.paidCents, dueCents: standing.dueCents, status: standing.status };
    }),
  };
}
