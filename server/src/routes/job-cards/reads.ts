import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '@server/db/connection';
import { counters, jobCards, jobLines, jobStatusChanges } from '@server/db/schema';
import { jobCardToApi } from '@server/db/mappers';
import { insertionOrder } from '@server/db/engine';
import { containsPattern, likeEscaped } from '@server/http/query-params';
import { formatJobNumber } from '@server/mutations/job-cards/job-rules';
import type { SyncedRow } from '@shared/sync/tables';
import { jobStatuses, type JobStatus } from '@shared/domain/job-status';
import { normalizePlate } from '@shared/schemas/job-card';

// The job card reads, in drizzle's query builder only (portable to PostgreSQL), each page cut in SQL.

const live = eq(jobCards.deleted, false);

/** Newest first by date in; created, then id, keep the order stable among jobs of the same moment. */
const newestFirst = [desc(jobCards.dateIn), desc(jobCards.createdAt), desc(jobCards.id)];

export async function findLiveJob(db: Db, id: string): Promise<SyncedRow | undefined> {
  return (await db
    .select()
    .from(jobCards)
    .where(and(eq(jobCards.id, id), live))
    .get()) as SyncedRow | undefined;
}

/** The live lines of the given jobs, in one query, by job id, in the order they were added. */
export async function liveLinesOf(db: Db, jobIds: readonly string[]): Promise<Map<string, SyncedRow[]>> {
  const byJob = new Map<string, SyncedRow[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return byJob;
  const rows = (await db
    .select()
    .from(jobLines)
    .where(and(inArray(jobLines.jobCardId, [...jobIds]), eq(jobLines.deleted, false)))
    // Lines added by one edit share createdAt and version; only the insertion order (SQLite's rowid)
    // tells them apart. PostgreSQL keeps no such order: there they follow their ids (db/engine.ts).
    .orderBy(asc(jobLines.createdAt), insertionOrder(db, jobLines.id))
    .all()) as SyncedRow[];
  for (const row of rows) byJob.get(String(row.jobCardId))?.push(row);
  return byJob;
}

/** A job card in the API's shape, with its lines (and, when asked, its status history). */
export async function jobCardWithLines(db: Db, job: SyncedRow, withHistory = false) {
  const lines = (await liveLinesOf(db, [job.id])).get(job.id) ?? [];
  if (!withHistory) return jobCardToApi(job, lines);
  const history = (await db
    .select()
    .from(jobStatusChanges)
    .where(and(eq(jobStatusChanges.jobCardId, job.id), eq(jobStatusChanges.deleted, false)))
    // Each move is its own mutation, so its version orders moves made within one millisecond.
    .orderBy(asc(jobStatusChanges.at), asc(jobStatusChanges.version))
    .all()) as SyncedRow[];
  return jobCardToApi(job, lines, history);
}

/** One page of live jobs matching `where`, newest first, each with its lines; and how many match in all. */
export async function pageOfJobs(db: Db, where: SQL | undefined, page: number, size: number) {
  const condition = and(live, where);
  const total = (await db.select({ n: count() }).from(jobCards).where(condition).get())?.n ?? 0;
  const rows = (await db
    .select()
    .from(jobCards)
    .where(condition)
    .orderBy(...newestFirst)
    .limit(size)
    .offset((page - 1) * size)
    .all()) as SyncedRow[];
  const lines = await liveLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return { total, jobCards: rows.map((row) => jobCardToApi(row, lines.get(row.id) ?? [])) };
}

export const byStatus = (status: JobStatus | null) => (status ? eq(jobCards.status, status) : undefined);

export interface ReportFilters {
  /** Job number, customer name, phone or plate contains it. */
  q: string;
  customerName: string;
  phone: string;
  vehicleReg: string;
}

/** The job history report's filters (spec 2.16): each given one narrows, ignoring case. */
export function reportWhere({ q, customerName, phone, vehicleReg }: ReportFilters): SQL | undefined {
  const like = (column: SQLWrapper, text: string) => likeEscaped(column, containsPattern(text));
  return and(
    q ? or(like(jobCards.jobNumber, q), like(jobCards.customerName, q), like(jobCards.customerPhone, q), like(jobCards.vehicleLicensePlate, q)) : undefined,
    customerName ? like(jobCards.customerName, customerName) : undefined,
    phone ? like(jobCards.customerPhone, phone) : undefined,
    vehicleReg ? like(jobCards.vehicleLicensePlate, vehicleReg) : undefined,
  );
}

/** The number the next create would get (JOB-0001 on an empty database); the create itself takes it. */
export async function peekNextJobNumber(db: Db): Promise<string> {
  const current = (await db.select({ value: counters.value }).from(counters).where(eq(counters.name, 'jobNumber')).get())?.value ?? 0;
  return formatJobNumber(current + 1);
}

export interface MileageQuery {
  licensePlate: string;
  customerId?: string;
  excludeId?: string;
}

/** The current mileage of the latest live job (by date in) of this plate, optionally of this customer only. */
export async function previousMileage(db: Db, { licensePlate, customerId, excludeId }: MileageQuery): Promise<number | null> {
  const row = await db
    .select({ mileage: jobCards.currentMileage })
    .from(jobCards)
    .where(
      and(
        live,
        eq(jobCards.vehicleLicensePlate, normalizePlate(licensePlate)),
        customerId ? eq(jobCards.customerId, customerId) : undefined,
        excludeId ? ne(jobCards.id, excludeId) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(1)
    .get();
  return row?.mileage ?? null;
}

/** Live jobs by status whose date in lies within [from, to] (ISO timestamps; either may be open). One GROUP BY. */
export async function jobStats(db: Db, from: string | undefined, to: string | undefined) {
  const rows = await db
    .select({ status: jobCards.status, n: count() })
    .from(jobCards)
    .where(and(live, from ? gte(jobCards.dateIn, from) : undefined, to ? lte(jobCards.dateIn, to) : undefined))
    .groupBy(jobCards.status)
    .all();
  const counts = Object.fromEntries(jobStatuses.map((status) => [status, 0])) as Record<JobStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return { finished: counts.Finished, suspended: counts.Suspended, open: counts.Open, total: counts.Finished + counts.Suspended + counts.Open };
}
