import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { JobCardRow } from '../../../../../shared/schemas/job-card';
import { jobCards } from './dashboard-tables';

export const openJobsShown = 10;

/**
 * The dashboard's 'Open Jobs' (spec 2.5): the newest open jobs, read backwards on the
 * [status+dateIn] index (a few rows, however many jobs the device holds), and how many there are.
 */
export function useOpenJobs(): { rows: JobCardRow[]; total: number } | null | undefined {
  return useLiveQuery(async () => {
    try {
    const open = jobCards.where('[status+dateIn]').between(['Open', Dexie.minKey], ['Open', Dexie.maxKey], true, true);
    const [rows, total] = await Promise.all([open.clone().reverse().limit(openJobsShown).toArray(), open.count()]);
    return { rows, total };
    } catch (error) {
      console.error('Failed to load open jobs', error);
      return null;
    }
  }, []);
}
