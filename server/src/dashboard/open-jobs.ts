import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobCards } from '../db/schema';
import { jobCardToApi } from '../db/mappers';
import { liveLinesOf } from '../routes/job-cards/reads';
import type { SyncedRow } from '@shared/sync/tables';

/** `GET /api/dashboard/open` (spec 7): the newest open jobs, each with its lines, on the status+date index. */
export async function openJobs(db: Db, limit: number) {
  const rows = (await db
    .select()
    .from(jobCards)
    .where(and(eq(jobCards.deleted, false), eq(jobCards.status, 'Open')))
    .orderBy(desc(jobCards.dateIn), desc(jobCards.createdAt), desc(jobCards.id))
    .limit(limit)
    .all()) as SyncedRow[];
  const lines = await liveLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => jobCardToApi(row, lines.get(row.id) ?? []));
}
