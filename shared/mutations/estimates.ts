import type { z } from 'zod';
import { defineMutation } from './define';
import { createJobCard, jobLineFields } from './job-cards';
import { createEstimateSchema, decideEstimateSchema, updateEstimateSchema } from '../schemas/estimate';
import type { JobLineInput } from '../schemas/job-card';
import type { RecordRef } from '../sync/tables';
import { isGuestJobCustomer } from '../domain/guest-job';
import { plateKey } from '../domain/search-shape';

const lineRefs = (ids: readonly string[] = []): RecordRef[] => ids.map((id) => ({ table: 'estimateLines', id }));

/** An estimate line's stored fields, for both sides: a job line's, not decided yet. */
export function estimateLineFields(estimateId: string, line: JobLineInput) {
  const { jobCardId: _job, ...fields } = jobLineFields('', line);
  return { ...fields, estimateId, decision: 'pending' as const, decidedAt: null };
}

/** The estimate's own stored fields among a create's or an edit's arguments. */
export function estimateFieldsOf(args: Record<string, unknown>): Record<string, unknown> {
  const keys = ['customerId', 'vehicleLicensePlate', 'vehicleMake', 'vehicleModel', 'currentMileage', 'validUntil', 'notes'];
  const fields = Object.fromEntries(keys.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]));
  if (typeof fields.vehicleLicensePlate === 'string') fields.plateKey = plateKey(fields.vehicleLicensePlate);
  return fields;
}

const customerRef = (customerId: string | undefined): RecordRef[] => (customerId && !isGuestJobCustomer(customerId) ? [{ table: 'customers', id: customerId }] : []);

export const createEstimate = defineMutation({
  name: 'createEstimate',
  schema: createEstimateSchema,
  permission: 'operate',
  touches: (args: z.output<typeof createEstimateSchema>) => [{ table: 'estimates', id: args.id }, ...customerRef(args.customerId), ...lineRefs(args.lines.map((line) => line.id))],
});

/** An edit of an open estimate: changed fields, lines added, changed and removed, all or nothing. */
export const updateEstimate = defineMutation({
  name: 'updateEstimate',
  schema: updateEstimateSchema,
  permission: 'operate',
  touches: (args: z.output<typeof updateEstimateSchema>) => [
    { table: 'estimates', id: args.id },
    ...customerRef(args.customerId),
    ...lineRefs(args.addLines?.map((line) => line.id)),
    ...lineRefs(args.changeLines?.map((line) => line.id)),
    ...lineRefs(args.removeLineIds),
  ],
});

/**
 * The customer's decision: lines approved or declined and the job card of the approved ones, in one
 * step. The job's lines are the approved estimate lines, with their ids and prices.
 */
export const decideEstimate = defineMutation({
  name: 'decideEstimate',
  schema: decideEstimateSchema,
  permission: 'operate',
  touches: (args: z.output<typeof decideEstimateSchema>) => [
    { table: 'estimates', id: args.id },
    ...lineRefs(args.decisions.map((decision) => decision.lineId)),
    ...(args.job ? createJobCard.touches(args.job) : []),
  ],
});

/** The words an estimate shows when an approval met an edit made elsewhere that its device had not seen. */
export const approvedOverEditReason = (editor: string) =>
  `Decided on a copy from before ${editor || 'another device'}'s change: the job card holds the lines as the customer approved them. Check the estimate's lines against the job.`;
export const decidedTwiceReason = 'Decided again on another device: check that the vehicle has one job card for this work.';

/** What `decisionArgs` needs of an estimate and its lines, as the device holds them. */
interface HeldEstimate {
  id: string;
  version: number;
  customerId: string;
  vehicleLicensePlate: string;
  vehicleMake: string;
  vehicleModel: string;
  currentMileage: number | null;
  notes: string;
}
interface HeldLine {
  id: string;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  warranty: string;
  quickAdded: boolean;
}

/**
 * The decideEstimate arguments for the customer's answer on this device: the job card (when any line
 * is approved) checked in now, holding the approved lines with their own ids and prices.
 */
export function decisionArgs(
  estimate: HeldEstimate,
  lines: readonly HeldLine[],
  decisions: Readonly<Record<string, 'approved' | 'declined'>>,
  job: { id: string; dateIn: string; mechanicId?: string | null; mechanicName?: string },
) {
  const approved = lines.filter((line) => decisions[line.id] === 'approved');
  return {
    id: estimate.id,
    basedOnVersion: estimate.version,
    decisions: lines.filter((line) => decisions[line.id]).map((line) => ({ lineId: line.id, decision: decisions[line.id]! })),
    ...(approved.length > 0
      ? {
          job: {
            id: job.id,
            customerId: estimate.customerId,
            vehicleLicensePlate: estimate.vehicleLicensePlate,
            vehicleMake: estimate.vehicleMake,
            vehicleModel: estimate.vehicleModel,
            currentMileage: estimate.currentMileage ?? 0,
            dateIn: job.dateIn,
            jobType: estimate.notes,
            mechanicId: job.mechanicId ?? null,
            mechanicName: job.mechanicName ?? '',
            lines: approved.map((line) => ({
              id: line.id,
              kind: line.kind,
              refId: line.refId,
              name: line.name,
              quantity: line.quantityHundredths / 100,
              unitPrice: line.unitPriceCents / 100,
              warranty: line.warranty,
              quickAdded: line.quickAdded,
            })),
          },
        }
      : {}),
  };
}
