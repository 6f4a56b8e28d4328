import { mutate } from '@/sync/mutate';
import { ValidationError } from '@/sync/validation-error';
import { createJobCardSchema, type JobCardRow } from '@shared/schemas/job-card';
import { useSession } from '@/session/session-store';
import { defaultMechanicOf, vehicleArgs, type VehicleDetailsValues } from './job-form-values';
import { newRecordId } from '@shared/sync/record-id';

/** What the stored job holds for a field, as the form would send it (to send changed fields only). */
function storedValue(job: JobCardRow, field: string): unknown {
  return (job as unknown as Record<string, unknown>)[field];
}

/**
 * Saves Vehicle Details: a new job (numbered by the server when it syncs) or the fields changed
 * since the form opened. Answers the job's id.
 */
export async function saveVehicleDetails(values: VehicleDetailsValues, original: JobCardRow | null): Promise<string> {
  const args = vehicleArgs(values, original);
  if (!original) {
    const id = newRecordId();
    await mutate('createJobCard', { ...args, id, ...defaultMechanicOf(useSession.getState().user) });
    return id;
  }
  // Checked whole first, so an edit gets the same messages as a new job.
  const parsed = createJobCardSchema.safeParse({ ...args, id: original.id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed.data)) {
    if (field === 'id' || field === 'lines' || !(field in args)) continue;
    if (value !== storedValue(original, field)) changed[field] = value;
  }
  if (Object.keys(changed).length > 0) await mutate('updateJobCard', { ...changed, id: original.id });
  return original.id;
}
