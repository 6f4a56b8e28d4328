import { and, asc, count, eq, gte, inArray, lt, or, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { customers, invoices, payments } from '../db/schema';
import { badRequest } from '../http/errors';
import { containsPattern, likeEscaped } from '../http/query-params';
import { daysPastDue } from '@shared/domain/allocation';
import { invoiceDueDate } from '@shared/domain/sales';
import { fromCents } from '@shared/domain/money';

// The due list (spec 2.12; spec 7: GET /api/sales/due-invoices): the invoices whose stored status is
// 'Due', read through the (status, date) index, oldest first, one page cut in SQL.

export interface DueInvoiceFilters {
  /** The invoice number contains it (any case). */
  invoiceNo: string;
  /** The customer's name (on the invoice, or the customer's name now) contains it (any case). */
  customerName: string;
  /** The invoice's day, YYYY-MM-DD (its date as stored, UTC), or ''. */
  date: string;
}

const dayMs = 86_400_000;

/** ?date= must be a day (YYYY-MM-DD); a bad one is a 400, never an empty list that looks like "nobody owes". */
export function readDueDate(text: string | undefined): string {
  const day = text?.trim() ?? '';
  if (!day) return '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw badRequest('date must be a day (YYYY-MM-DD).');
  }
  return day;
}

function dueWhere(db: Db, { invoiceNo, customerName, date }: DueInvoiceFilters): SQL {
  const namePattern = containsPattern(customerName);
  const renamed = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.deleted, false), likeEscaped(customers.customerName, namePattern)));
  return and(
    eq(invoices.status, 'Due'),
    eq(invoices.deleted, false),
    invoiceNo ? likeEscaped(invoices.invoiceNo, containsPattern(invoiceNo)) : undefined,
    // The name printed on the invoice, or the customer's name now (a customer renamed since the sale).
    customerName ? or(likeEscaped(invoices.customerName, namePattern), inArray(invoices.customerId, renamed)) : undefined,
    // Stored dates are ISO strings: the day's range compares as text, and uses the index.
    date ? and(gte(invoices.date, date), lt(invoices.date, new Date(Date.parse(`${date}T00:00:00Z`) + dayMs).toISOString().slice(0, 10))) : undefined,
  )!;
}

/** One page of the due list, oldest first, with how many match and what they owe in all. */
export async function pageOfDueInvoices(db: Db, filters: DueInvoiceFilters, page: number, size: number, today: string) {
  const where = dueWhere(db, filters);
  const totals = await db
    .select({ n: count(), due: sum(invoices.dueCents) })
    .from(invoices)
    .where(where)
    .get();
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNo: invoices.invoiceNo,
      date: invoices.date,
      customerId: invoices.customerId,
      customerName: invoices.customerName,
      totalCents: invoices.totalCents,
      returnedCents: invoices.returnedCents,
      paidCents: invoices.paidCents,
      dueCents: invoices.dueCents,
      soldBy: invoices.soldBy,
      statedDueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(where)
    .orderBy(asc(invoices.date), asc(invoices.createdAt), asc(invoices.id))
    .limit(size)
    .offset((page - 1) * size)
    .all();
  const historyOf = new Map<string, { _id: string; method: string; amount: number; date: string; note: string }[]>(rows.map((row) => [row.id, []]));
  if (rows.length > 0) {
    const paid = await db
      .select({ id: payments.id, invoiceId: payments.invoiceId, method: payments.method, amountCents: payments.amountCents, date: payments.date, note: payments.note })
      .from(payments)
      .where(and(inArray(payments.invoiceId, [...historyOf.keys()]), eq(payments.deleted, false)))
      .orderBy(asc(payments.date), asc(payments.createdAt), asc(payments.id))
      .all();
    for (const payment of paid) {
      historyOf.get(payment.invoiceId)?.push({ _id: payment.id, method: payment.method || 'Cash', amount: fromCents(payment.amountCents), date: payment.date, note: payment.note });
    }
  }
  const list = rows.map((row) => ({
    _id: row.id,
    invoiceNo: row.invoiceNo,
    date: row.date,
    dueDate: invoiceDueDate(row.date, row.statedDueDate),
    customerId: row.customerId ?? null,
    customerName: row.customerName,
    // After its returns (credit notes), so total, paid and due add up (the spec's shape has no field for them).
    total: fromCents(row.totalCents - row.returnedCents),
    paidAmount: fromCents(row.paidCents),
    due: fromCents(row.dueCents),
    // The server knows no shop's time zone: its days are UTC days (the invoice's, `today`, ?date= and dueDate alike).
    daysPastDue: daysPastDue(row.date.slice(0, 10), today, row.statedDueDate),
    soldBy: row.soldBy,
    paymentHistory: historyOf.get(row.id) ?? [],
  }));
  return { total: Number(totals?.n ?? 0), dueCents: Number(totals?.due ?? 0), invoices: list };
}
