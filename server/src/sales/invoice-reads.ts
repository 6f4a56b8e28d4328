import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { company, invoiceLines, invoices, payments, services } from '../db/schema';
import { invoiceToApi } from '../db/mappers';
import { containsPattern, likeEscaped } from '../http/query-params';
import type { SyncedRow } from '@shared/sync/tables';
import type { TaxSetting } from '@shared/domain/sales';
import { companyId } from '@shared/schemas/company';

// The invoice reads, in drizzle's query builder only (portable to PostgreSQL), each page cut in SQL.

const live = eq(invoices.deleted, false);

/** Newest first by date; created, then id, keep the order stable among invoices of the same moment. */
const newestFirst = [desc(invoices.date), desc(invoices.createdAt), desc(invoices.id)];

export async function findLiveInvoice(db: Db, id: string): Promise<SyncedRow | undefined> {
  return (await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), live))
    .get()) as SyncedRow | undefined;
}

/** The job's invoice (a job has at most one: checkoutSale refuses a second), or undefined. */
export async function findInvoiceOfJob(db: Db, jobCardId: string): Promise<SyncedRow | undefined> {
  return (await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.jobCardId, jobCardId), live))
    .orderBy(...newestFirst)
    .limit(1)
    .get()) as SyncedRow | undefined;
}

/** Each invoice in the API's shape, with its live lines (in sale order) and payments (oldest first): two queries for all of them. */
export async function invoicesToApi(db: Db, rows: readonly SyncedRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const linesOf = new Map<string, SyncedRow[]>(ids.map((id) => [id, []]));
  const paymentsOf = new Map<string, SyncedRow[]>(ids.map((id) => [id, []]));
  const lines = (await db
    .select()
    .from(invoiceLines)
    .where(and(inArray(invoiceLines.invoiceId, ids), eq(invoiceLines.deleted, false)))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position))
    .all()) as SyncedRow[];
  for (const line of lines) linesOf.get(String(line.invoiceId))?.push(line);
  const paid = (await db
    .select()
    .from(payments)
    .where(and(inArray(payments.invoiceId, ids), eq(payments.deleted, false)))
    .orderBy(asc(payments.date), asc(payments.createdAt), asc(payments.id))
    .all()) as SyncedRow[];
  for (const payment of paid) paymentsOf.get(String(payment.invoiceId))?.push(payment);
  return rows.map((row) => invoiceToApi(row, linesOf.get(row.id) ?? [], paymentsOf.get(row.id) ?? []));
}

export const invoiceToApiOf = async (db: Db, row: SyncedRow) => (await invoicesToApi(db, [row]))[0]!;

export interface InvoiceFilters {
  /** Invoice number or customer name contains it (any case). */
  q: string;
  customerId: string;
  /** ISO timestamps, inclusive; `toExclusive` is an exclusive end (a date-only ?to= is the whole day). */
  from?: string;
  to?: string;
  toExclusive?: string;
}

export function invoiceWhere({ q, customerId, from, to, toExclusive }: InvoiceFilters): SQL | undefined {
  const pattern = containsPattern(q);
  return and(
    q ? or(likeEscaped(invoices.invoiceNo, pattern), likeEscaped(invoices.customerName, pattern)) : undefined,
    customerId ? eq(invoices.customerId, customerId) : undefined,
    from ? gte(invoices.date, from) : undefined,
    to ? lte(invoices.date, to) : undefined,
    toExclusive ? lt(invoices.date, toExclusive) : undefined,
  );
}

/** One page of live invoices matching `where`, newest first, and how many match in all. */
export async function pageOfInvoices(db: Db, where: SQL | undefined, page: number, size: number) {
  const condition = and(live, where);
  const total = (await db.select({ n: count() }).from(invoices).where(condition).get())?.n ?? 0;
  const rows = (await db
    .select()
    .from(invoices)
    .where(condition)
    .orderBy(...newestFirst)
    .limit(size)
    .offset((page - 1) * size)
    .all()) as SyncedRow[];
  return { total, invoices: await invoicesToApi(db, rows) };
}

/** The company's tax setting (decisions.md, Tax): 0 % and prices including tax until it is saved. */
export async function companyTaxSetting(db: Db): Promise<TaxSetting> {
  const row = await db
    .select({ taxRatePercent: company.taxRatePercent, pricesIncludeTax: company.pricesIncludeTax, deleted: company.deleted })
    .from(company)
    .where(eq(company.id, companyId))
    .get();
  return row && !row.deleted ? { taxRatePercent: row.taxRatePercent, pricesIncludeTax: row.pricesIncludeTax } : { taxRatePercent: 0, pricesIncludeTax: true };
}

/** Whether an id names a service (live or not): a line that does not say isService is then a service. */
export async function isServiceId(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: services.id }).from(services).where(eq(services.id, id)).get()) !== undefined;
}
