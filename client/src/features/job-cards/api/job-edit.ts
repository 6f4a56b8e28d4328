import { ValidationError } from '@/sync/validation-error';
import { createJobCardSchema, type JobCardRow } from '@shared/schemas/job-card';
import type { SessionUser } from '@shared/schemas/user';
import { jobArgs } from './job-form-problems';
import type { JobForm } from './job-form';
import type { Mechanic } from './use-mechanics';

export type Who = Pick<SessionUser, '_id' | 'name'> | null;

/** The chosen mechanic and the name every device shows for them (the server takes it from the account). */
export function mechanicOf(mechanicId: string, mechanics: Mechanic[], user: Who): { mechanicId: string | null; mechanicName: string } {
  if (!mechanicId) return { mechanicId: null, mechanicName: '' };
  const name = mechanics.find((mechanic) => mechanic._id === mechanicId)?.name ?? (mechanicId === user?._id ? user.name : '');
  return { mechanicId, mechanicName: name };
}

/** What the stored job holds for a field, as the form would send it (to send changed fields only). */
const storedValue = (job: JobCardRow, field: string): unknown => (job as unknown as Record<string, unknown>)[field];

// Looked up from the plate's visits rather than typed: sent whenever it is not what the job holds.
const lookedUp = new Set(['previousMileage']);

/**
 * An edit's `updateJobCard` arguments, or null when there is nothing to send: the fields the user
 * changed on either tab since the form showed `opened` (not every field that differs from the job
 * now: another tablet's edit meanwhile stays) and that differ from what the job holds, and the lines
 * added and removed. Checked whole first, so an edit gets the messages a new job would.
 */
export function jobEditArgs(form: JobForm, original: JobCardRow, opened: JobForm, mechanics: Mechanic[], user: Who): ({ id: string } & Record<string, unknown>) | null {
  const typed: Record<string, unknown> = jobArgs(form, original);
  const before: Record<string, unknown> = jobArgs(opened, original);
  const parsed = createJobCardSchema.safeParse({ ...typed, id: original.id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed.data)) {
    if (!(field in typed) || (typed[field] === before[field] && !lookedUp.has(field))) continue;
    if (value !== storedValue(original, field)) changed[field] = value;
  }
  const mechanic = mechanicOf(form.detail.mechanicId, mechanics, user);
  if (form.detail.mechanicId !== opened.detail.mechanicId && mechanic.mechanicId !== original.mechanicId) Object.assign(changed, mechanic);
  if (form.addedLines.length > 0) changed.addLines = form.addedLines;
  if (form.removedLineIds.length > 0) changed.removeLineIds = form.removedLineIds;
  return Object.keys(changed).length > 0 ? { ...changed, id: original.id } : null;
}
