import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { queryPage } from '@/search';
import type { RowOf } from '@shared/entities';

export type CannedJobRow = RowOf<'cannedJobs'>;

/** Canned jobs matching the typed words of their name, by name (a shop keeps tens of them). */
export function useCannedJobs(search: string): CannedJobRow[] | undefined {
  return useLiveQuery(async () => (await queryPage(db.cannedJobs, { search, page: 1, pageSize: 500 })).rows, [search]);
}
