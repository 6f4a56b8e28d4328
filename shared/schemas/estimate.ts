import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { isCalendarDay } from './dates';
import { isBlank, numberField } from './numbers';
import { createJobCardSchema, jobCardFields, jobLineChangeSchema, jobLineInputSchema, maxMileage } from './job-card';
import { estimateNoPattern } from '../domain/estimate-number';
import type { SaleReviewState } from '../domain/sale-review';

// An estimate (issue 45): a quote of services and parts for a customer's vehicle (or a walk-in's),
// valid until a day; each line approved or declined by the customer, the approved ones becoming a
// job card in one step.

export const estimateMessages = {
  noLines: 'An estimate needs at least one service or part.',
  validUntil: 'Valid until must be a date (dd/MM/yyyy).',
  number: 'The estimate number is not one this device makes (EST-<code>-<sequence>).',
  noDecision: 'Approve or decline at least one line.',
  decided: 'This estimate was already decided: it can no longer be changed.',
} as const;

const maxLines = 300;

const validUntil = z
  .string({ error: estimateMessages.validUntil })
  .trim()
  .refine((value) => isCalendarDay(value), estimateMessages.validUntil);

const optionalMileage = z.preprocess(
  (value) => (isBlank(value) ? null : value),
  numberField({ min: 0, max: maxMileage, integer: true, message: 'Current mileage must be a whole number of 0 or more.' }).nullable(),
);

/** The estimate's own fields, as createEstimate and updateEstimate carry them. */
export const estimateFields = {
  customerId: jobCardFields.customerId,
  vehicleLicensePlate: jobCardFields.vehicleLicensePlate,
  vehicleMake: jobCardFields.vehicleMake,
  vehicleModel: jobCardFields.vehicleModel,
  currentMileage: optionalMileage,
  validUntil,
  notes: optionalText(2000, 'Notes', { multiline: true }),
};

export const createEstimateSchema = z.object({
  id: idSchema,
  estimateNumber: z.string({ error: estimateMessages.number }).trim().regex(estimateNoPattern, estimateMessages.number),
  ...estimateFields,
  lines: z.array(jobLineInputSchema, { error: estimateMessages.noLines }).min(1, estimateMessages.noLines).max(maxLines, `An estimate holds at most ${maxLines} lines.`),
});

export const updateEstimateSchema = z
  .object(estimateFields)
  .partial()
  .extend({
    id: idSchema,
    addLines: z.array(jobLineInputSchema).max(maxLines).optional(),
    changeLines: z.array(jobLineChangeSchema).max(maxLines).optional(),
    removeLineIds: z.array(idSchema).max(maxLines).optional(),
  });

export const lineDecisions = ['approved', 'declined'] as const;
export type LineDecision = (typeof lineDecisions)[number] | 'pending';

/**
 * The customer's answer, recorded on one device: each line approved or declined and, when any is
 * approved, the job card those lines become (its lines carry the estimate lines' ids and prices).
 * `basedOnVersion` is the estimate's version the device held: an edit from another device after it
 * is a conflict, shown on the estimate (docs/decisions.md, Estimates).
 */
export const decideEstimateSchema = z
  .object({
    id: idSchema,
    basedOnVersion: numberField({ min: 0, max: Number.MAX_SAFE_INTEGER, integer: true, message: 'basedOnVersion must be a whole number.' }),
    decisions: z
      .array(z.object({ lineId: idSchema, decision: z.enum(lineDecisions, { error: 'A line is approved or declined.' }) }))
      .min(1, estimateMessages.noDecision)
      .max(maxLines),
    job: createJobCardSchema.optional(),
  })
  .superRefine((args, ctx) => {
    const approved = args.decisions.filter((d) => d.decision === 'approved').map((d) => d.lineId);
    const jobLines = args.job?.lines.map((line) => line.id) ?? [];
    const same = approved.length === jobLines.length && approved.every((id) => jobLines.includes(id));
    if (!same) ctx.addIssue({ code: 'custom', message: 'The job card must hold exactly the approved lines.', path: ['job'] });
  });

export interface EstimateRow {
  id: string;
  estimateNumber: string;
  customerId: string;
  customerName: string;
  customerPhone: string;
  vehicleLicensePlate: string;
  /** The plate as one key (CAB1234): the vehicle's declined work is found by it. */
  plateKey: string;
  vehicleMake: string;
  vehicleModel: string;
  currentMileage: number | null;
  validUntil: string;
  notes: string;
  status: 'Open' | 'Decided';
  /** The job card the approved lines became (null: none approved, or not decided yet). */
  jobCardId: string | null;
  decidedAt: string | null;
  decidedBy: string;
  createdAt: string;
  createdBy: string;
  /** Who last edited it and on which device: an approval made on an older copy elsewhere is a conflict. */
  lastEditBy: string;
  lastEditClient: string;
  /** 'open' when an approval met an edit it had not seen (decisions.md, Estimates). */
  reviewState: SaleReviewState;
  reviewReason: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

export interface EstimateLineRow {
  id: string;
  estimateId: string;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  totalCents: number;
  warranty: string;
  warrantyMonths: number;
  quickAdded: boolean;
  decision: LineDecision;
  decidedAt: string | null;
  createdAt: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
