import type { Db } from '../db/connection';

/** One unpaid invoice of a customer, as the due summary lists it (spec 3, Due summary). */
export interface DueInvoice {
  invoiceId: string;
  invoiceNo: string;
  date: string;
  dueCents: number;
}

/**
 * What a customer owes, in cents: the sum of the dues of their unpaid invoices. There is no invoices
 * table yet (issue 8 adds invoices and payments), so nobody owes anything and this is 0 until then.
 * Issue 8 replaces the body with that sum (one query over the customer's invoices with a due left);
 * the routes that answer a due already call this, so they need no change.
 */
export function customerDueCents(_db: Db, _customerId: string): number {
  return 0;
}

/**
 * The unpaid invoices of the customers of this name (the due list looks customers up by name),
 * oldest first. Empty until issue 8 adds invoices, for the reason above.
 */
export function dueInvoicesByCustomerName(_db: Db, _customerName: string): DueInvoice[] {
  return [];
}
