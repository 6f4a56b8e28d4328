import { mutate } from '@/sync/mutate';
import { ValidationError } from '@/sync/validation-error';
import { createJobCardSchema, type JobCardRow } from '@shared/schemas/job-card';
import { newRecordId } from '@shared/sync/record-id';
import type { SessionUser } from '@shared/schemas/user';
import { jobArgs } from './job-form-problems';
import type { JobForm } from './job-form';
import type { Mechanic } from './use-mechanics';

type Who = Pick<SessionUser, '_id' | 'name'> | null;

/** The chosen mechanic and the name every device shows for them (the server takes it from the account). */
function mechanicOf(mechanicId: string, mechanics: Mechanic[], user: Who): { mechanicId: string | null; mechanicName: string } {
  if (!mechanicId) return { mechanicId: null, mechanicName: '' };
  const name = mechanics.find((mechanic) => mechanic._id === mechanicId)?.name ?? (mechanicId === user?._id ? user.name : '');
  return { mechanicId, mechanicName: name };
}

/** What the stored job holds for a field, as the form would send it (to send changed fields only). */
const storedValue = (job: JobCardRow, field: string): unknown => (job as unknown as Record<string, unknown>)[field];

/**
 * One Save for both tabs (issue 47): a new job with its Job Detail and its lines is one
 * `createJobCard`; an edit is one `updateJobCard` of the fields changed on either tab and the lines
 * added and removed. Either is all or nothing. Answers the job's id and whether it was new.
 */
export async function saveJobCard(form: JobForm, original: JobCardRow | null, mechanics: Mechanic[], user: Who): Promise<{ id: string; created: boolean }> {
  const args = jobArgs(form, original);
  const mechanic = mechanicOf(form.detail.mechanicId, mechanics, user);
  if (!original) {
    const id = newRecordId();
    await mutate('createJobCard', { ...args, ...mechanic, id, lines: form.addedLines });
    return { id, created: true };
  }
  // Checked whole first, so an edit gets the messages a new job would.
  const parsed = createJobCardSchema.safeParse({ ...args, id: original.id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed.data)) {
    if (field === 'id' || field === 'lines' || !(field in args)) continue;
    if (value !== storedValue(original, field)) changed[field] = value;
  }
  if (mechanic.mechanicId !== original.mechanicId) Object.assign(changed, mechanic);
  if (form.addedLines.length > 0) changed.addLines = form.addedLines;
  if (form.removedLineIds.length > 0) changed.removeLineIds = form.removedLineIds;
  if (Object.keys(changed).length > 0) await mutate('updateJobCard', { ...changed, id: original.id });
  return { id: original.id, created: false };
}
