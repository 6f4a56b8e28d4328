import type { CompanyRow } from '@shared/schemas/company';
import type { InvoiceRow, PaymentRow } from '@shared/schemas/sale';

export const bulkReceiptTitle = 'Bulk Payment Receipt';
export const bulkReceiptNotFoundMessage = 'This bulk payment is not on this device yet. Sync, then try again.';

/** A payment row as stored since Dexie v9: a bulk payment's allocations carry its id. */
export type PaymentWithBulk = PaymentRow & { bulkId?: string | null };

/** The customer fields the receipt prints (the device's customer row). */
export interface BulkReceiptCustomer {
  customerName: string;
  phone: string;
  address: string;
}

export interface BulkReceiptAllocation {
  paymentId: string;
  invoiceId: string;
  /** The invoice's number, or its id when this device no longer holds the invoice. */
  invoiceNo: string;
  amountCents: number;
}

/** The bulk receipt (spec 3, Bulk receipt), read from this device alone (it prints offline). */
export interface BulkReceiptData {
  bulkId: string;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  /** What was applied: the sum of the allocations (an unused remainder was never recorded). */
  appliedCents: number;
  /** 'YYYY-MM-DD' as recorded (an ISO moment from older rows). */
  paymentDate: string;
  method: string;
  note: string;
  /** Oldest invoice first, as the amount was allocated. */
  allocations: BulkReceiptAllocation[];
  company: CompanyRow | null;
}

/** The spec's reference line: 'Allocations: {count}'. */
export const bulkReceiptReference = (count: number) => `Allocations: ${count}`;

/**
 * The receipt's contents from a bulk payment's rows: its live allocations, their invoices, the
 * customer (the first invoice's copy of name, phone and address when the device has no customer
 * row). null when none of its allocations is on this device.
 */
export function bulkReceiptData(
  bulkId: string,
  payments: readonly PaymentWithBulk[],
  invoices: ReadonlyMap<string, InvoiceRow>,
  customer: BulkReceiptCustomer | null,
  company: CompanyRow | null,
): BulkReceiptData | null {
  const rows = payments.filter((payment) => payment.bulkId === bulkId && !payment.deleted);
  const first = rows[0];
  if (!first) return null;
  const invoiceOf = (payment: PaymentRow) => invoices.get(payment.invoiceId);
  const ordered = [...rows].sort((a, b) => {
    const left = invoiceOf(a);
    const right = invoiceOf(b);
    return (left?.date ?? '').localeCompare(right?.date ?? '') || (left?.invoiceNo ?? a.invoiceId).localeCompare(right?.invoiceNo ?? b.invoiceId);
  });
  const billed = invoiceOf(ordered[0]!);
  return {
    bulkId,
    customerName: customer?.customerName || billed?.customerName || '',
    customerPhone: customer?.phone || billed?.customerPhone || '',
    customerAddress: customer?.address || billed?.customerAddress || '',
    appliedCents: rows.reduce((sum, payment) => sum + payment.amountCents, 0),
    paymentDate: first.date,
    method: first.method,
    note: first.note || '',
    allocations: ordered.map((payment) => ({
      paymentId: payment.id,
      invoiceId: payment.invoiceId,
      invoiceNo: invoiceOf(payment)?.invoiceNo ?? payment.invoiceId,
      amountCents: payment.amountCents,
    })),
    company,
  };
}
