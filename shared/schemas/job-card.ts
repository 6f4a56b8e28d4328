import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';
import { isCalendarDay, isStrictDate } from './dates';
import { bounds, isBlank, numberField, strictNumber } from './numbers';
import { normalizeJobStatus, type JobStatus } from '../domain/job-status';
import { roundQuantity } from '../domain/quantity';
// The messages live apart, without zod, for the client's entry bundle (messages.ts uses them).
import { jobCardMessages } from './job-card-messages';
import type { FactTimes } from '../domain/device-time';

export { jobCardMessages };

export const maxMileage = 10_000_000;

const mileage = (requiredMessage: string) => numberField({ min: 0, max: maxMileage, integer: true, message: jobCardMessages.mileage, requiredMessage });

/** A plate as the job card keeps it: trimmed and upper-cased (spec 5, guest plates). */
export const normalizePlate = (plate: string) => plate.trim().toUpperCase();

// Stored as a full ISO timestamp; a date alone ('2026-11-23') is that day's midnight UTC.
const dateTime = z
  .string({ error: jobCardMessages.dateIn })
  .trim()
  .min(1, jobCardMessages.dateIn)
  .refine(isStrictDate, jobCardMessages.dateIn)
  .transform((value) => new Date(value).toISOString());

const promisedDate = z
  .string({ error: jobCardMessages.promisedDate })
  .trim()
  .refine((value) => value === '' || isCalendarDay(value), jobCardMessages.promisedDate)
  .nullish()
  .transform((value) => value ?? '');

const promisedTime = z
  .string({ error: jobCardMessages.promisedTime })
  .trim()
  .regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, jobCardMessages.promisedTime)
  .nullish()
  .transform((value) => value ?? '');

/** One service or item on a job (spec 3, Job item / Job service), as a device or API client adds it. */
export const jobLineInputSchema = z.object({
  id: idSchema,
  kind: z.enum(['item', 'service'], { error: 'A line is an item or a service.' }),
  /** The item's or service's id; null for a line typed by hand. */
  refId: z
    .string()
    .trim()
    .max(64)
    .superRefine(cleanText('The line’s item'))
    .nullish()
    .transform((value) => value || null),
  name: z
    .string({ error: jobCardMessages.itemName })
    .trim()
    .min(1, jobCardMessages.itemName)
    .max(100, 'The name must be at most 100 characters.')
    .superRefine(cleanText('The line’s name')),
  quantity: numberField({ min: 0.01, max: bounds.quantity.max, message: jobCardMessages.quantity })
    .transform(roundQuantity)
    .refine((quantity) => quantity >= 0.01, jobCardMessages.quantity),
  unitPrice: numberField({ ...bounds.money, message: jobCardMessages.unitPrice, requiredMessage: jobCardMessages.unitPrice }),
  warranty: optionalText(50, 'Warranty'),
  quickAdded: z.boolean().optional().default(false),
});
export type JobLineInput = z.output<typeof jobLineInputSchema>;

/** A change to a line already on the job: only the fields given change. */
export const jobLineChangeSchema = jobLineInputSchema.pick({ quantity: true, unitPrice: true, warranty: true }).partial().extend({ id: idSchema });

// Field order is the order the form checks them in: the first failing rule is the message.
export const jobCardFields = {
  customerId: z.string({ error: jobCardMessages.customer }).trim().min(1, jobCardMessages.customer).max(64).superRefine(cleanText('The customer')),
  vehicleLicensePlate: z
    .string({ error: jobCardMessages.plate })
    .transform(normalizePlate)
    .pipe(z.string().min(1, jobCardMessages.plate).max(20, 'Vehicle reg number must be at most 20 characters.').superRefine(cleanText('Vehicle reg number'))),
  vehicleMake: optionalText(50, 'Vehicle make'),
  vehicleModel: optionalText(50, 'Vehicle model'),
  currentMileage: mileage(jobCardMessages.mileageRequired),
  // Blank or missing means no earlier visit. (`.optional()` first: zod refuses a missing key for a
  // bare z.unknown() with a transform, 'expected nonoptional'; an edit that leaves it out keeps it as it is.)
  previousMileage: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return null;
      const number = strictNumber(value);
      if (number !== null && number >= 0 && number <= maxMileage && Number.isInteger(number)) return number;
      ctx.addIssue({ code: 'custom', message: 'Previous mileage must be a whole number of 0 or more.' });
      return z.NEVER;
    }),
  dateIn: dateTime,
  jobType: optionalText(2000, 'Problem Description', { multiline: true }),
  promisedDate,
  promisedTime,
  actionTaken: optionalText(2000, 'Action Taken', { multiline: true }),
  notes: optionalText(2000, 'Notes', { multiline: true }),
  mechanicId: z
    .string()
    .trim()
    .max(64)
    .superRefine(cleanText('The mechanic'))
    .nullish()
    .transform((value) => value || null),
  mechanicName: optionalText(100, 'Mechanic'),
};

const maxLines = 300;
const lineList = <T extends z.ZodTypeAny>(schema: T) => z.array(schema).max(maxLines, `A job holds at most ${maxLines} lines.`);

export const createJobCardSchema = z.object({
  id: idSchema,
  ...jobCardFields,
  lines: lineList(jobLineInputSchema).optional().default([]),
});

/** An edit: the changed fields only, and the lines added, changed and removed, as one operation. */
export const updateJobCardSchema = z
  .object(jobCardFields)
  .partial()
  .extend({
    id: idSchema,
    addLines: lineList(jobLineInputSchema).optional(),
    changeLines: lineList(jobLineChangeSchema).optional(),
    removeLineIds: lineList(idSchema).optional(),
  });

export const setJobCardStatusSchema = z.object({
  id: idSchema,
  status: z.unknown().transform((value, ctx) => {
    const status = normalizeJobStatus(value);
    if (status) return status;
    ctx.addIssue({ code: 'custom', message: jobCardMessages.status });
    return z.NEVER;
  }),
  /** The status history row this move writes (a device-made id, so the move is one record). */
  changeId: idSchema,
});

export const deleteJobCardSchema = z.object({ id: idSchema });

export interface JobCardRow {
  id: string;
  /** JOB-0001, given by the server; null while the job waits to be synced. */
  jobNumber: string | null;
  customerId: string;
  customerName: string;
  customerPhone: string;
  vehicleLicensePlate: string;
  vehicleMake: string;
  vehicleModel: string;
  currentMileage: number;
  previousMileage: number | null;
  dateIn: string;
  jobType: string;
  promisedDate: string;
  promisedTime: string;
  actionTaken: string;
  notes: string;
  status: JobStatus;
  mechanicId: string | null;
  mechanicName: string;
  invoiceId: string | null;
  invoiceNo: string | null;
  createdAt: string;
  finishedAt: string | null;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

export interface JobLineRow {
  id: string;
  jobCardId: string;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  totalCents: number;
  warranty: string;
  warrantyMonths: number;
  quickAdded: boolean;
  createdAt: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

export interface JobStatusChangeRow extends FactTimes {
  id: string;
  jobCardId: string;
  fromStatus: JobStatus | null;
  toStatus: JobStatus;
  userId: string;
  userName: string;
  at: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
