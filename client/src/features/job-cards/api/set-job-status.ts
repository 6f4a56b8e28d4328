import { mutate } from '@/sync/mutate';
import type { JobStatus } from '@shared/domain/job-status';
import { newRecordId } from '@shared/sync/record-id';
import { reminderOnFinish } from '@/lib/reminder-on-finish';

const notSaved = (error: unknown) => {
  console.warn('The vehicle reminder was not saved', error);
  return null;
};

/** Moves a job to `status` by the shared rule (the device refuses what the server would). */
export async function setJobStatus(jobId: string, status: JobStatus): Promise<void> {
  // A finished job makes the vehicle's next service due (issue 45). Worked out first, so that it is
  // queued right behind the finish; a plan, so a failure leaves the finish standing.
  const reminder = status === 'Finished' ? await reminderOnFinish(jobId).catch(notSaved) : null;
  await mutate('setJobCardStatus', { id: jobId, status, changeId: newRecordId() });
  if (reminder) await mutate('saveServiceReminder', reminder).catch(notSaved);
}
