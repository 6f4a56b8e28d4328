import type { z } from 'zod';
import { defineMutation } from './define';
import { createJobCardSchema, deleteJobCardSchema, setJobCardStatusSchema, updateJobCardSchema, type JobLineInput } from '../schemas/job-card';
import { jobLineTotalCents } from '../domain/job-lines';
import { parseWarrantyMonths } from '../domain/warranty';
import { toCents } from '../domain/money';
import { toHundredths } from '../domain/quantity';
import type { RecordRef } from '../sync/tables';
import type { JobStatus } from '../domain/job-status';
import type { JobStatusChangeRow } from '../schemas/job-card';
import { isGuestJobCustomer } from '../domain/guest-job';
import { factTimesOf, type Occurred } from '../domain/device-time';

/** The status history row a new job starts with (one per job, so its id follows from the job's). */
export const openedChangeId = (jobCardId: string) => `${jobCardId}/opened`;

/** A job's status history row (its opening or a move), built once for both sides' apply. */
export function statusChangeRow(
  change: { id: string; jobCardId: string; fromStatus: JobStatus | null; toStatus: JobStatus },
  author: { id: string; name: string },
  when: Occurred,
): Omit<JobStatusChangeRow, 'version' | 'deleted' | 'updatedAt'> {
  return { ...change, userId: author.id, userName: author.name, at: when.at, ...factTimesOf(when) };
}

const lineRefs = (ids: readonly string[] = []): RecordRef[] => ids.map((id) => ({ table: 'jobLines', id }));

/** A job line's stored fields, written once for the device's optimistic row and the server's. */
export function jobLineFields(jobCardId: string, line: JobLineInput) {
  const quantityHundredths = toHundredths(line.quantity);
  const unitPriceCents = toCents(line.unitPrice);
  return {
    id: line.id,
    jobCardId,
    kind: line.kind,
    refId: line.refId,
    name: line.name,
    quantityHundredths,
    unitPriceCents,
    totalCents: jobLineTotalCents({ quantityHundredths, unitPriceCents }),
    warranty: line.warranty,
    warrantyMonths: parseWarrantyMonths(line.warranty),
    quickAdded: line.quickAdded,
  };
}

/** A change to a line: the given fields, with the total and months kept in step. */
export function changedLineFields(stored: Record<string, unknown>, change: { quantity?: number; unitPrice?: number; warranty?: string }): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (change.quantity !== undefined) fields.quantityHundredths = toHundredths(change.quantity);
  if (change.unitPrice !== undefined) fields.unitPriceCents = toCents(change.unitPrice);
  if (change.warranty !== undefined) {
    fields.warranty = change.warranty;
    fields.warrantyMonths = parseWarrantyMonths(change.warranty);
  }
  if (fields.quantityHundredths !== undefined || fields.unitPriceCents !== undefined) {
    fields.totalCents = jobLineTotalCents({
      quantityHundredths: Number(fields.quantityHundredths ?? stored.quantityHundredths ?? 0),
      unitPriceCents: Number(fields.unitPriceCents ?? stored.unitPriceCents ?? 0),
    });
  }
  return fields;
}

/** The job card's own fields among an edit's arguments (not its lines). */
export function jobCardFieldsOf(args: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, lines: _lines, addLines: _add, changeLines: _change, removeLineIds: _remove, ...fields } = args;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** Vehicle Details saved for the first time: the job, its opening status row and any lines. */
export const createJobCard = defineMutation({
  name: 'createJobCard',
  schema: createJobCardSchema,
  permission: 'operate',
  touches: (args: z.output<typeof createJobCardSchema>) => [
    { table: 'jobCards', id: args.id },
    // Must exist: a customer made offline a minute earlier is sent first (docs/sync-rules.md, rule 4).
    // A guest's job has no customer record.
    ...(isGuestJobCustomer(args.customerId) ? [] : [{ table: 'customers' as const, id: args.customerId }]),
    { table: 'jobStatusChanges', id: openedChangeId(args.id) },
    ...lineRefs(args.lines.map((line) => line.id)),
  ],
});

/** An edit of a job: changed fields, and lines added, changed and removed, all or nothing. */
export const updateJobCard = defineMutation({
  name: 'updateJobCard',
  schema: updateJobCardSchema,
  permission: 'operate',
  touches: (args: z.output<typeof updateJobCardSchema>) => [
    { table: 'jobCards', id: args.id },
    ...(args.customerId && !isGuestJobCustomer(args.customerId) ? [{ table: 'customers' as const, id: args.customerId }] : []),
    ...lineRefs(args.addLines?.map((line) => line.id)),
    ...lineRefs(args.changeLines?.map((line) => line.id)),
    ...lineRefs(args.removeLineIds),
  ],
});

/** Suspend, finish, resume or reopen (shared/domain/job-status.ts), with a row of status history. */
export const setJobCardStatus = defineMutation({
  name: 'setJobCardStatus',
  schema: setJobCardStatusSchema,
  permission: 'operate',
  touches: (args: z.output<typeof setJobCardStatusSchema>) => [
    { table: 'jobCards', id: args.id },
    { table: 'jobStatusChanges', id: args.changeId },
  ],
});

export const deleteJobCard = defineMutation({
  name: 'deleteJobCard',
  schema: deleteJobCardSchema,
  permission: 'deleteRecords',
  touches: (args: z.output<typeof deleteJobCardSchema>) => [{ table: 'jobCards', id: args.id }],
});
