import { mutate } from '@/sync/mutate';
import type { JobCardRow } from '@shared/schemas/job-card';
import type { MutationInput } from '@shared/mutations/definitions';
import { newRecordId } from '@shared/sync/record-id';
import { jobArgs } from './job-form-problems';
import { jobEditArgs, mechanicOf, type Who } from './job-edit';
import type { JobForm } from './job-form';
import type { Mechanic } from './use-mechanics';

/**
 * One Save for both tabs (issue 47): a new job with its Job Detail and its lines is one
 * `createJobCard`; an edit is one `updateJobCard` of what the user changed on either tab since the
 * form showed `opened` (jobEditArgs). Either is all or nothing. Answers the job's id and whether it was new.
 */
export async function saveJobCard(form: JobForm, original: JobCardRow | null, opened: JobForm, mechanics: Mechanic[], user: Who): Promise<{ id: string; created: boolean }> {
  if (!original) {
    const id = newRecordId();
    await mutate('createJobCard', { ...jobArgs(form, null), ...mechanicOf(form.detail.mechanicId, mechanics, user), id, lines: form.addedLines });
    return { id, created: true };
  }
  const edit = jobEditArgs(form, original, opened, mechanics, user);
  if (edit) await mutate('updateJobCard', edit as MutationInput<'updateJobCard'>);
  return { id: original.id, created: false };
}
