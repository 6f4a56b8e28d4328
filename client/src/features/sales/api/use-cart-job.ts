import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { JobCardRow } from '@shared/schemas/job-card';

/** The job card the cart invoices, live from this device (its number arrives with sync); null for none or not here. */
export function useCartJob(jobId: string | null | undefined): JobCardRow | null {
  return (
    useLiveQuery(async () => {
      if (!jobId) return null;
      return ((await db.jobCards.get(jobId)) as unknown as JobCardRow | undefined) ?? null;
    }, [jobId]) ?? null
  );
}
