import { mutate } from '@/sync/mutate';
import type { JobCardRow, JobLineInput } from '@shared/schemas/job-card';
import type { JobDetailValues } from './job-form-values';
import type { Mechanic } from './use-mechanics';

export interface LineChanges {
  add: JobLineInput[];
  removeIds: string[];
}

/**
 * Saves Job Detail as one operation: the fields changed since the form opened and the lines added
 * and removed. Answers false when there was nothing to save.
 */
export async function saveJobDetail(job: JobCardRow, values: JobDetailValues, lines: LineChanges, mechanics: Mechanic[]): Promise<boolean> {
  const changed: Record<string, unknown> = {};
  for (const field of ['jobType', 'promisedDate', 'promisedTime', 'actionTaken'] as const) {
    if (values[field].trim() !== (job[field] ?? '')) changed[field] = values[field];
  }
  if ((values.mechanicId || null) !== job.mechanicId) {
    changed.mechanicId = values.mechanicId || null;
    changed.mechanicName = mechanics.find((mechanic) => mechanic._id === values.mechanicId)?.name ?? '';
  }
  if (lines.add.length > 0) changed.addLines = lines.add;
  if (lines.removeIds.length > 0) changed.removeLineIds = lines.removeIds;
  if (Object.keys(changed).length === 0) return false;
  await mutate('updateJobCard', { ...changed, id: job.id });
  return true;
}
