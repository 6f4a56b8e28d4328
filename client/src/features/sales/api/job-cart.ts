import { db } from '@/db/instance';
import { byJobLineOrder } from '@shared/domain/job-lines';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';
import { jobLineStockHundredths, type Cart } from './cart';
import { newRecordId } from '@shared/sync/record-id';

/**
 * A job card's lines as a cart (?jobId=): each line as the job priced it, with the spec's stock of
 * 9999 (the parts were used on the car), linked to the job. null when the device has no such job.
 */
export async function cartFromJob(jobId: string): Promise<{ cart: Cart; job: JobCardRow } | null> {
  const job = (await db.jobCards.get(jobId)) as unknown as JobCardRow | undefined;
  if (!job) return null;
  const lines = (await db.jobLines.where('jobCardId').equals(jobId).toArray()) as unknown as JobLineRow[];
  // In the job's order, which the invoice keeps (its lines' positions).
  lines.sort(byJobLineOrder);
  return {
    job,
    cart: {
      jobId,
      lines: lines.map((line) => ({
        // The invoice line gets its own id: the job line stays the job's record.
        id: newRecordId(),
        kind: line.kind,
        refId: line.refId,
        name: line.name,
        unitPriceCents: line.unitPriceCents,
        discountPercent: 0,
        quantityHundredths: line.quantityHundredths,
        stockHundredths: line.kind === 'item' ? jobLineStockHundredths : null,
        warrantyMonths: line.warrantyMonths,
      })),
    },
  };
}
