import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import type { EstimateLineRow, EstimateRow } from '@shared/schemas/estimate';

/** A page of estimates, newest first, matching number, customer, phone or plate. */
export function useEstimates(search: string, page: number) {
  return useLiveQuery(() => queryPage(db.estimates, { search, page, pageSize: 25 }), [search, page]);
}

export interface EstimateView {
  estimate: EstimateRow;
  lines: EstimateLineRow[];
  /** The job it became, once the device holds it (its number arrives from the server). */
  job: { id: string; jobNumber: string | null; status: string } | null;
}

/** One estimate with its live lines and its job; null when the device does not hold it. */
export function useEstimate(id: string | undefined) {
  return useLiveQuery(async (): Promise<EstimateView | null> => {
    const estimate = id ? ((await db.estimates.get(id)) as EstimateRow | undefined) : undefined;
    if (!estimate || estimate.deleted) return null;
    const lines = ((await db.estimateLines.where('estimateId').equals(estimate.id).toArray()) as EstimateLineRow[]).filter((line) => !line.deleted);
    lines.sort((a, b) => (a.kind === b.kind ? a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name) : a.kind === 'service' ? -1 : 1));
    const job = estimate.jobCardId ? await db.jobCards.get(estimate.jobCardId) : undefined;
    return { estimate, lines, job: job ? { id: job.id, jobNumber: job.jobNumber, status: job.status } : null };
  }, [id]);
}
