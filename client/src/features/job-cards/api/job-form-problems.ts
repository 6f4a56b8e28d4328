import { createJobCardSchema, type JobCardRow } from '@shared/schemas/job-card';
import { issueMessage } from '@shared/schemas/messages';
import { vehicleArgs } from './job-form-values';
import type { JobForm } from './job-form';

/** The job's fields as the shared schema reads them, from both tabs (the lines go as they are). */
export function jobArgs(form: JobForm, original: JobCardRow | null) {
  const { jobType, promisedDate, promisedTime, actionTaken } = form.detail;
  return { ...vehicleArgs(form.vehicle, original), jobType, promisedDate, promisedTime, actionTaken };
}

/** What each field's message is about, by the control's name. */
export type JobFormProblems = Partial<Record<string, string>>;

// An id that passes the schema: the checks are about what was typed, not the id the Save will make.
const anyId = '00000000-0000-4000-8000-000000000000';

/**
 * Every field of the job that the rules refuse, with its own message (the shared schema's, the
 * words a failed save on the server would give): one Save says all that is missing at once, beside
 * each field, instead of the first problem only.
 */
export function jobFormProblems(form: JobForm, original: JobCardRow | null): JobFormProblems {
  const parsed = createJobCardSchema.safeParse({ ...jobArgs(form, original), id: anyId });
  const problems: JobFormProblems = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !problems[field]) problems[field] = issueMessage(issue);
  }
  return problems;
}

const detailFields = new Set(['jobType', 'promisedDate', 'promisedTime', 'actionTaken', 'mechanicId']);

/** The tab a field is on: a Save from one tab shows the other when the problem is there. */
export const tabOfField = (field: string): 'vehicle' | 'detail' => (detailFields.has(field) ? 'detail' : 'vehicle');

/** The first field with a problem, in the order the tabs show them (Vehicle Details first). */
export function firstProblemField(problems: JobFormProblems): string | undefined {
  const fields = Object.keys(problems);
  return fields.find((field) => tabOfField(field) === 'vehicle') ?? fields[0];
}
