import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { customers, invoices, payments } from '../db/schema';

/** One unpaid invoice of a customer, as the due summary lists it (spec 3, Due summary). */
export interface DueInvoice {
  invoiceId: string;
  invoiceNo: string;
  date: string;
  dueCents: number;
}

/** Σ of an invoice's live payments (0 without any), over the LEFT JOIN below. */
const paidCents = sql<number>`coalesce(sum(${payments.amountCents}), 0)`;
/** What an invoice still owes before the floor at 0: its total less its payments. */
const owedCents = sql<number>`${invoices.totalCents} - ${paidCents}`;

/**
 * The unpaid invoices matching `where`, one row per invoice: its total less the sum of its payments,
 * aggregated in SQL (GROUP BY the invoice, kept only when something is owed), so an overpaid
 * invoice counts 0, never less, and a paid one is not read at all. Portable: grouping by the
 * primary key lets PostgreSQL select the invoice's other columns too.
 */
function unpaidInvoices(db: Db, where: SQL | undefined) {
  return db
    .select({ invoiceId: invoices.id, invoiceNo: invoices.invoiceNo, date: invoices.date, dueCents: owedCents.as('dueCents') })
    .from(invoices)
    .leftJoin(payments, and(eq(payments.invoiceId, invoices.id), eq(payments.deleted, false)))
    .where(and(eq(invoices.deleted, false), where))
    .groupBy(invoices.id)
    .having(sql`${owedCents} > 0`);
}

/**
 * What a customer owes, in cents: the sum, over their invoices, of each one's total less its
 * payments, floored at 0 (a payment on one invoice never pays another). One query; the sum is
 * taken in SQL over the per-invoice subquery.
 */
export function customerDueCents(db: Db, customerId: string): number {
  const unpaid = unpaidInvoices(db, eq(invoices.customerId, customerId)).as('unpaid');
  const row = db
    .select({ due: sql<number>`coalesce(sum(${unpaid.dueCents}), 0)` })
    .from(unpaid)
    .get();
  return Number(row?.due ?? 0);
}

/**
 * The unpaid invoices of the customers of this name (the due list looks customers up by name; any
 * case, surrounding spaces ignored), oldest first.
 */
export function dueInvoicesByCustomerName(db: Db, customerName: string): DueInvoice[] {
  const named = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.deleted, false), sql`lower(${customers.customerName}) = lower(${customerName.trim()})`));
  return unpaidInvoices(db, inArray(invoices.customerId, named))
    .orderBy(asc(invoices.date), asc(invoices.createdAt), asc(invoices.id))
    .all()
    .map((row) => ({ ...row, dueCents: Number(row.dueCents) }));
}
