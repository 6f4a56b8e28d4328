import { invoiceDueDate } from './sales';

// The due list's rules (spec 4, Due payment; issue 9), written once: bulk allocation and aging.

export interface OpenInvoice {
  invoiceId: string;
  invoiceNo: string;
  /** The invoice date (ISO); the oldest is paid first. */
  date: string;
  dueCents: number;
}

export interface Allocation {
  invoiceId: string;
  invoiceNo: string;
  amountCents: number;
}

export interface AllocationPlan {
  allocations: Allocation[];
  appliedCents: number;
  /** What is left of the amount once every due is covered (shown, not applied). */
  remainderCents: number;
}

/**
 * Bulk payment (spec 4): oldest invoice first, each gets min(its due, what remains); invoices
 * with nothing applied are left out; the unused remainder is reported.
 */
export function allocatePayment(invoices: readonly OpenInvoice[], amountCents: number): AllocationPlan {
  const oldestFirst = [...invoices].sort((a, b) => a.date.localeCompare(b.date) || a.invoiceNo.localeCompare(b.invoiceNo) || (a.invoiceId < b.invoiceId ? -1 : 1));
  let remaining = Math.max(0, amountCents);
  const allocations: Allocation[] = [];
  for (const invoice of oldestFirst) {
    const amount = Math.min(Math.max(0, invoice.dueCents), remaining);
    if (amount <= 0) continue;
    allocations.push({ invoiceId: invoice.invoiceId, invoiceNo: invoice.invoiceNo, amountCents: amount });
    remaining -= amount;
  }
  return { allocations, appliedCents: Math.max(0, amountCents) - remaining, remainderCents: remaining };
}

const dayMs = 86_400_000;

/**
 * Whole days past the invoice's due date (its day + 14, or the date it states) on `today`; 0 or less is not yet due. Both
 * are days (YYYY-MM-DD) in one time zone: on the device, the day the invoice was made there (as its
 * printed due date counts it, `localDay` in client/src/lib/document-format.ts) and the device's today. Never
 * the UTC day of the stored moment: an invoice made at 00:10 in Colombo is 18:40Z the day before.
 */
export function daysPastDue(invoiceDay: string, today: string, statedDueDate?: string | null): number {
  return Math.round((Date.parse(`${today.slice(0, 10)}T00:00:00Z`) - Date.parse(`${invoiceDueDate(invoiceDay, statedDueDate)}T00:00:00Z`)) / dayMs);
}

export const agingBuckets = ['Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

export function agingBucket(daysPast: number): AgingBucket {
  if (daysPast <= 0) return 'Current';
  if (daysPast <= 30) return '1–30 days';
  if (daysPast <= 60) return '31–60 days';
  if (daysPast <= 90) return '61–90 days';
  return 'Over 90 days';
}

/** The dues of the listed invoices by aging bucket, in cents; `day` is each invoice's day as in daysPastDue. */
export function agingSummary(invoices: readonly { day: string; dueCents: number; dueDate?: string }[], today: string): Record<AgingBucket, number> {
  const summary = Object.fromEntries(agingBuckets.map((bucket) => [bucket, 0])) as Record<AgingBucket, number>;
  for (const invoice of invoices) summary[agingBucket(daysPastDue(invoice.day, today, invoice.dueDate))] += invoice.dueCents;
  return summary;
}
