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

/** What the device keeps for a draft: the form as typed and the saved job it was typed over. */
export interface StoredJobDraft {
  form: JobForm;
  typedOver: JobForm;
}

/** A stored form read back: what still reads as the form's fields, the rest from `fallback`; a line the rules now refuse is left out. */
function readForm(value: unknown, fallback: JobForm): JobForm {
  const stored = record(value);
  const lines = Array.isArray(stored.addedLines) ? stored.addedLines : [];
  const removed = Array.isArray(stored.removedLineIds) ? stored.removedLineIds : [];
  return {
    vehicle: textFields(stored.vehicle, fallback.vehicle),
    detail: textFields(stored.detail, fallback.detail),
    addedLines: lines.flatMap((line) => {
      const parsed = jobLineInputSchema.safeParse(line);
      return parsed.success ? [parsed.data] : [];
    }),
    removedLineIds: removed.filter((id): id is string => typeof id === 'string'),
  };
}

/** Each field as typed where the user changed it from `typedOver`, else as the job is saved now. */
function rebased<T extends object>(typed: T, typedOver: T, saved: T): T {
  const result = { ...saved };
  for (const field of Object.keys(saved) as (keyof T)[]) if (typed[field] !== typedOver[field]) result[field] = typed[field];
  return result;
}

/**
 * A stored draft read back over the job as it is saved now. The device keeps it as it was written,
 * perhaps by an older build or half-damaged: what still reads is taken, never a crash. Only what the
 * user typed is kept: a field they left as it was shows the saved job's value, so a change another
 * tablet made meanwhile is neither hidden nor sent back over by the Save.
 */
export function formFromDraft(value: unknown, saved: JobForm): JobForm {
  const stored = record(value);
  const form = readForm(stored.form, saved);
  const typedOver = readForm(stored.typedOver, saved);
  return { ...form, vehicle: rebased(form.vehicle, typedOver.vehicle, saved.vehicle), detail: rebased(form.detail, typedOver.detail, saved.detail) };
}
