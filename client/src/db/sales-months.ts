import { monthKey } from '@shared/domain/dashboard';
import { isOpeningBalance } from '@shared/domain/opening-balance';
import type { DerivedSums, Row } from './derived-sums';

/**
 * Invoiced totals by calendar month (the device's local time), for the dashboard's 'Overall sales'.
 * Summing 14 months of a big shop's invoices means reading tens of thousands of rows (about a third
 * of 100,000), far over the dashboard's 200 ms; so the sums are kept as rows of their own
 * (db/derived-sums.ts).
 */
export interface SalesMonth {
  /** 'YYYY-MM'. */
  month: string;
  totalCents: number;
  invoices: number;
}

/**
 * The month and total an invoice adds to the sums; nothing for a deleted or malformed row, nor for an
 * opening balance (issue 43: a debt of the old books, sold before the move, is no sale of its month).
 */
export function contributionOf(invoice: Row): { month: string; cents: number } | null {
  if (!invoice || invoice.deleted === true || typeof invoice.date !== 'string' || isOpeningBalance(invoice)) return null;
  const at = new Date(invoice.date);
  if (Number.isNaN(at.getTime())) return null;
  return { month: monthKey(at), cents: Number(invoice.totalCents) || 0 };
}

export const salesMonths: DerivedSums = {
  source: 'invoices',
  target: 'salesMonths',
  contributions(invoice) {
    const part = contributionOf(invoice);
    return part ? [[part.month, [part.cents, 1]]] : [];
  },
  toRow: (month, [totalCents = 0, invoices = 0]): SalesMonth => ({ month, totalCents, invoices }),
  amountsOf: (row) => [(row as SalesMonth).totalCents, (row as SalesMonth).invoices],
};
