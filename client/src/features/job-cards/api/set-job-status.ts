import { mutate } from '@/sync/mutate';
import type { JobStatus } from '@shared/domain/job-status';
import { newRecordId } from '@shared/sync/record-id';

/** Moves a job to `status` by the shared rule (the device refuses what the server would). */
export async function setJobStatus(jobId: string, status: JobStatus): Promise<void> {
  await mutate('setJobCardStatus', { id: jobId, status, changeId: newRecordId() });
}
