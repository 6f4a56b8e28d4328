import { jobLineInputSchema, type JobCardRow, type JobLineInput } from '@shared/schemas/job-card';
import { blankVehicleDetails, jobDetailOf, vehicleDetailsOf, type JobDetailValues, type VehicleDetailsValues } from './job-form-values';

/** Everything the two tabs hold for one job: what one Save sends, and what a draft keeps. */
export interface JobForm {
  vehicle: VehicleDetailsValues;
  detail: JobDetailValues;
  /** Lines added and not saved yet. */
  addedLines: JobLineInput[];
  /** Saved lines taken off and not saved yet. */
  removedLineIds: string[];
}

/** A draft a job: the saved job's own, or 'new' for the one job not saved yet. */
export const newJobDraftKey = 'new';
export const jobDraftKey = (jobId: string | null): string => (jobId ? `job:${jobId}` : newJobDraftKey);

/** The form of a saved job, or a blank one for a new job (given to `mechanicId`: a Staff member's own). */
export function savedJobForm(job: JobCardRow | null, mechanicId = ''): JobForm {
  if (job) return { vehicle: vehicleDetailsOf(job), detail: jobDetailOf(job), addedLines: [], removedLineIds: [] };
  return { vehicle: blankVehicleDetails(), detail: { ...jobDetailOf(null), mechanicId }, addedLines: [], removedLineIds: [] };
}

// Looked up from the plate's earlier visits, never typed: it does not make a draft.
const lookedUp = new Set<keyof VehicleDetailsValues>(['previousMileage']);

/** Whether the form holds something typed that the saved job (or a blank new one) does not: only then is a draft kept. */
export function hasTypedChanges(form: JobForm, saved: JobForm): boolean {
  const differs = <T extends object>(a: T, b: T, skip: Set<keyof T> = new Set()) => (Object.keys(a) as (keyof T)[]).some((field) => !skip.has(field) && a[field] !== b[field]);
  return form.addedLines.length > 0 || form.removedLineIds.length > 0 || differs(form.vehicle, saved.vehicle, lookedUp) || differs(form.detail, saved.detail);
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** Each field of `fallback` from `value` when it is text there, else the fallback's. */
function textFields<T extends object>(value: unknown, fallback: T): T {
  const stored = record(value);
  const result = { ...fallback };
  for (const field of Object.keys(fallback) as (keyof T & string)[]) {
    const typed = stored[field];
    if (typeof typed === 'string') (result as Record<string, unknown>)[field] = typed;
  }
  return result;
}

/**
 * A stored draft read back. The device keeps it as it was written, perhaps by an older build or
 * half-damaged: what still reads as the form's fields is taken, the rest comes from the saved job,
 * and a line that no longer passes the rules is left out rather than sent to be refused.
 */
export function formFromDraft(value: unknown, saved: JobForm): JobForm {
  const stored = record(value);
  const lines = Array.isArray(stored.addedLines) ? stored.addedLines : [];
  const removed = Array.isArray(stored.removedLineIds) ? stored.removedLineIds : [];
  return {
    vehicle: textFields(stored.vehicle, saved.vehicle),
    detail: textFields(stored.detail, saved.detail),
    addedLines: lines.flatMap((line) => {
      const parsed = jobLineInputSchema.safeParse(line);
      return parsed.success ? [parsed.data] : [];
    }),
    removedLineIds: removed.filter((id): id is string => typeof id === 'string'),
  };
}
