import { db } from '@/db/instance';
import { companyId } from '@shared/schemas/company';
import { byJobLineOrder } from '@shared/domain/job-lines';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import type { JobSheetData } from './job-sheet-data';

/** The job's rows in one read transaction; null when this device does not hold the job. */
export async function loadJobSheet(jobId: string): Promise<JobSheetData | null> {
  return db.transaction('r', [db.jobCards, db.jobLines, db.customers, db.company], async () => {
    const job = (await db.jobCards.get(jobId)) as unknown as JobCardRow | undefined;
    if (!job || job.deleted) return null;
    const [lines, customer, company] = await Promise.all([
      db.jobLines.where('jobCardId').equals(jobId).toArray() as unknown as Promise<JobLineRow[]>,
      job.customerId ? db.customers.get(job.customerId) : undefined,
      db.company.get(companyId),
    ]);
    return {
      job,
      lines: lines.filter((line) => !line.deleted).sort(byJobLineOrder),
      customerAddress: customer && !customer.deleted ? (customer.address ?? '') : '',
      company: company && !company.deleted ? company : null,
    };
  });
}
