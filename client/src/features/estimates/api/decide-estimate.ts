import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';
import { decisionArgs } from '@shared/mutations/estimates';
import type { EstimateLineRow, EstimateRow } from '@shared/schemas/estimate';

/**
 * The customer's answer, recorded on this device in one step: the lines' decisions and the job card
 * of the approved ones (checked in now, the estimate's notes as its problem). Returns the job's id.
 */
export async function decideEstimate(
  estimate: EstimateRow,
  decisions: Record<string, 'approved' | 'declined'>,
  mechanic: { id: string; name: string } | null,
): Promise<string | null> {
  const lines = (await db.estimateLines.where('estimateId').equals(estimate.id).toArray()) as EstimateLineRow[];
  const live = lines.filter((line) => !line.deleted);
  const jobId = newRecordId();
  const args = decisionArgs(estimate, live, decisions, { id: jobId, dateIn: new Date().toISOString(), mechanicId: mechanic?.id ?? null, mechanicName: mechanic?.name ?? '' });
  await mutate('decideEstimate', args);
  return args.job ? jobId : null;
}
