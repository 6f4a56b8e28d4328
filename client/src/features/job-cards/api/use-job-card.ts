import { useLiveQuery } from 'dexie-react-hooks';
import { jobCards, jobLines, jobStatusChanges } from './job-tables';
import { byJobLineOrder } from '@shared/domain/job-lines';
import type { JobCardRow, JobLineRow, JobStatusChangeRow } from '@shared/schemas/job-card';

export interface JobCardView {
  job: JobCardRow;
  lines: JobLineRow[];
  history: JobStatusChangeRow[];
}

/** One job with its lines (services, then parts: byJobLineOrder) and status history, live; null when it is not on this device; undefined while loading. */
export function useJobCard(id: string | null | undefined): JobCardView | null | undefined {
  return useLiveQuery(async () => {
    if (!id) return null;
    const [job, lines, history] = await Promise.all([jobCards.get(id), jobLines.where('jobCardId').equals(id).toArray(), jobStatusChanges.where('jobCardId').equals(id).toArray()]);
    if (!job) return null;
    lines.sort(byJobLineOrder);
    history.sort((a, b) => a.at.localeCompare(b.at));
    return { job, lines, history };
  }, [id]);
}
