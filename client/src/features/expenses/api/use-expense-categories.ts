import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { companyId } from '@shared/schemas/company';
import { expenseCategoriesOf } from '@shared/schemas/expense-categories';

/**
 * The shop's expense categories (Company Detail), or the starting list; `keep` is added when the list
 * no longer holds it (correcting an expense recorded under a category since dropped).
 */
export function useExpenseCategories(keep?: string): readonly string[] {
  const company = useLiveQuery(() => db.company.get(companyId), []);
  const list = expenseCategoriesOf(company && !company.deleted ? company : null);
  return keep && !list.includes(keep) ? [...list, keep] : list;
}
