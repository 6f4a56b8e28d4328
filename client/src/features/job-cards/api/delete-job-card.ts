import { mutate } from '@/sync/mutate';
import { applyReminderChange, reminderAfterSafely } from '@/lib/vehicle-reminder';

/** Deletes a job card; a finished one's services no longer make its vehicle due (issue 45). */
export async function deleteJobCard(id: string): Promise<void> {
  const reminder = await reminderAfterSafely({ jobId: id, to: 'deleted', at: new Date().toISOString() });
  await mutate('deleteJobCard', { id });
  await applyReminderChange(reminder);
}
