import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { companyId, type CompanyRow } from '@shared/schemas/company';

/** The company record on this device (kept for printing offline): undefined while loading, null if never saved. */
export function useCompany(): CompanyRow | null | undefined {
  return useLiveQuery(async () => ((await db.company.get(companyId)) as CompanyRow | undefined) ?? null, []);
}
