import Dexie from 'dexie';
import type { JobCardRow } from '@shared/schemas/job-card';
import { totalCountKey } from '@/db/job-counts';
import { jobCards, jobCounts } from './dashboard-tables';

export const openJobsShown = 10;

/**
 * The dashboard's 'Open Jobs' (spec 2.5): the newest open jobs, read backwards on the
 * [status+dateIn] index (a few rows, however many jobs the device holds), and how many there are
 * (one row of the job counts, db/job-counts.ts: counting the index walked every open job's entry).
 */
export async function readOpenJobs(): Promise<{ rows: JobCardRow[]; total: number } | null> {
  try {
    const open = jobCards.where('[status+dateIn]').between(['Open', Dexie.minKey], ['Open', Dexie.maxKey], true, true);
    const [rows, count] = await Promise.all([open.reverse().limit(openJobsShown).toArray(), jobCounts.get(totalCountKey('Open'))]);
    return { rows, total: count?.jobs ?? 0 };
  } catch (error) {
    console.error('Failed to load open jobs', error);
    return null;
  }
}
