import { mutate } from '@/sync/mutate';
import type { JobStatus } from '@shared/domain/job-status';
import { newRecordId } from '@shared/sync/record-id';
import { saveVehicleReminder } from '@/lib/save-vehicle-reminder';

/** Moves a job to `status` by the shared rule (the device refuses what the server would). */
export async function setJobStatus(jobId: string, status: JobStatus): Promise<void> {
  await mutate('setJobCardStatus', { id: jobId, status, changeId: newRecordId() });
  // A finished job makes the vehicle's next service due (issue 45): a plan, so a failure here leaves the finish standing.
  if (status === 'Finished') await saveVehicleReminder(jobId).catch((error: unknown) => console.warn('The vehicle reminder was not saved', error));
}
