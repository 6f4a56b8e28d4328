import { useLiveQuery } from 'dexie-react-hooks';
import { jobCards } from './job-tables';
import type { JobCardRow } from '../../../../../shared/schemas/job-card';

/**
 * Current Jobs: the open and suspended jobs (a suspended job waits here to be resumed), newest
 * first. Read through the status index: a shop has tens or hundreds of these, however many
 * finished jobs it holds.
 */
export function useOpenJobs(): JobCardRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await jobCards.where('status').anyOf('Open', 'Suspended').toArray();
    return rows.sort((a, b) => compareSortKey(a, b));
  }, []);
}

const sortKeyOf = (row: JobCardRow) => String((row as unknown as { sortKey?: string }).sortKey ?? '');

function compareSortKey(a: JobCardRow, b: JobCardRow): number {
  const ka = sortKeyOf(a);
  const kb = sortKeyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : 1;
}
