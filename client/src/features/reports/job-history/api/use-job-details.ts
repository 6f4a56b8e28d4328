import { useLiveQuery } from 'dexie-react-hooks';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import type { CustomerRow } from '@shared/schemas/customer';
import { byJobLineOrder } from '@shared/domain/job-lines';
import type { CreditNoteRow } from '@shared/schemas/return';
import { creditNotes, customers, jobCards, jobLines } from './job-tables';

export interface JobDetails {
  job: JobCardRow;
  /** The customer's record on this device (its address); undefined when it is not here. */
  customer: CustomerRow | undefined;
  services: JobLineRow[];
  items: JobLineRow[];
  /** The returns against the job's invoice, oldest first. */
  creditNotes: CreditNoteRow[];
}

/** The Job Details modal's data from the device, live: undefined while loading, null when the job is not here or the read failed. */
export function useJobDetails(id: string): JobDetails | null | undefined {
  return useLiveQuery(async () => {
    try {
      const [job, lines] = await Promise.all([jobCards.get(id), jobLines.where('jobCardId').equals(id).toArray()]);
      if (!job) return null;
      const [customer, returns] = await Promise.all([
        job.customerId ? customers.get(job.customerId) : undefined,
        job.invoiceId ? creditNotes.where('invoiceId').equals(job.invoiceId).toArray() : [],
      ]);
      lines.sort(byJobLineOrder);
      return {
        job,
        customer,
        services: lines.filter((line) => line.kind === 'service'),
        items: lines.filter((line) => line.kind === 'item'),
        creditNotes: returns.filter((note) => !note.deleted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      };
    } catch {
      return null;
    }
  }, [id]);
}
