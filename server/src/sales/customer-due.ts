import { and, asc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { customers, invoices } from '../db/schema';

/** One unpaid invoice of a customer, as the due summary lists it (spec 3, Due summary). */
export interface DueInvoice {
  invoiceId: string;
  invoiceNo: string;
  date: string;
  dueCents: number;
}

/**
 * The live invoices still owing something. Each invoice keeps its standing (paid, due, status)
 * recomputed from all its payments whenever one is written (server/src/mutations/payments), so the
 * dues are read from the rows: 'Due' is exactly "due > 0", an overpaid invoice is 'Paid' with due 0
 * (never credit on another invoice), and the (status, date) index finds them.
 */
const owing = and(eq(invoices.status, 'Due'), eq(invoices.deleted, false));

/** What a customer owes, in cents: the sum of their unpaid invoices' dues. One query. */
export async function customerDueCents(db: Db, customerId: string): Promise<number> {
  const row = await db
    .select({ due: sum(invoices.dueCents) })
    .from(invoices)
    .where(and(owing, eq(invoices.customerId, customerId)))
    .get();
  return Number(row?.due ?? 0);
}

/** A customer's unpaid invoices, oldest first: what a bulk payment is allocated over. */
export async function openInvoicesOfCustomer(db: Db, customerId: string): Promise<DueInvoice[]> {
  return db
    .select({ invoiceId: invoices.id, invoiceNo: invoices.invoiceNo, date: invoices.date, dueCents: invoices.dueCents })
    .from(invoices)
    .where(and(owing, eq(invoices.customerId, customerId)))
    .orderBy(asc(invoices.date), asc(invoices.createdAt), asc(invoices.id))
    .all();
}

/**
 * The unpaid invoices of the customers of this name (the due list looks customers up by name; any
 * case, surrounding spaces ignored), oldest first.
 */
export async function dueInvoicesByCustomerName(db: Db, customerName: string): Promise<DueInvoice[]> {
  const named = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.deleted, false), sql`lower(${customers.customerName}) = lower(${customerName.trim()})`));
  return db
    .select({ invoiceId: invoices.id, invoiceNo: invoices.invoiceNo, date: invoices.date, dueCents: invoices.dueCents })
    .from(invoices)
    .where(and(owing, inArray(invoices.customerId, named)))
    .orderBy(asc(invoices.date), asc(invoices.createdAt), asc(invoices.id))
    .all();
}
