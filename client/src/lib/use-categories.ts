import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import type { CategoryRow } from '@shared/schemas/category';

/** Categories by name, filtered by a case-insensitive search over name and description. */
export function useCategories(search = ''): CategoryRow[] | undefined {
  return useLiveQuery(async () => {
    const all = await db.categories.orderBy('name').toArray();
    const term = search.trim().toLowerCase();
    if (!term) return all;
    return all.filter((c) => c.name.toLowerCase().includes(term) || c.description.toLowerCase().includes(term));
  }, [search]);
}
