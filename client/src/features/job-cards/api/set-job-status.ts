import { mutate } from '@/sync/mutate';
import type { JobStatus } from '@shared/domain/job-status';
import { newRecordId } from '@shared/sync/record-id';
import { applyReminderChange, reminderAfterSafely } from '@/lib/vehicle-reminder';

/**
 * Moves a job to `status` by the shared rule (the device refuses what the server would). Finishing
 * or reopening moves the vehicle's next service (issue 45): worked out first, queued right behind.
 */
export async function setJobStatus(jobId: string, status: JobStatus): Promise<void> {
  const reminder = await reminderAfterSafely({ jobId, to: status, at: new Date().toISOString() });
  await mutate('setJobCardStatus', { id: jobId, status, changeId: newRecordId() });
  await applyReminderChange(reminder);
}
