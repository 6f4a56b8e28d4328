import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { nextEstimateNo } from '@/sync/invoice-numbers';
import { ValidationError } from '@/sync/validation-error';
import { newRecordId } from '@shared/sync/record-id';
import { createEstimateSchema } from '@shared/schemas/estimate';
import { firstIssueField, firstIssueMessage } from '@shared/schemas/messages';
import type { JobLineInput } from '@shared/schemas/job-card';

export interface NewEstimate {
  customerId: string;
  vehicleLicensePlate: string;
  vehicleMake: string;
  vehicleModel: string;
  currentMileage: string;
  validUntil: string;
  notes: string;
  lines: JobLineInput[];
}

/**
 * A new estimate on this device, numbered here (EST-<code>-<sequence>, final at once). Checked before
 * a number is taken, so bad input (no lines, a quantity of 0) uses none and writes nothing.
 */
export async function createEstimate(values: NewEstimate): Promise<string> {
  const id = newRecordId();
  const checked = createEstimateSchema.safeParse({ ...values, id, estimateNumber: 'EST-CHECK-00001' });
  if (!checked.success) throw new ValidationError(firstIssueMessage(checked.error), firstIssueField(checked.error));
  const estimateNumber = await nextEstimateNo(db);
  await mutate('createEstimate', { ...values, id, estimateNumber });
  return id;
}
