import { z } from 'zod';
import { definePlainEntity } from './plain-entity';
import { jsonListField, optionalMoneyFieldOf, requiredText } from './plain-fields';
import { idSchema } from '../schemas/common';
import { cleanText } from '../schemas/text';
import { bounds, numberField } from '../schemas/numbers';
import { roundQuantity } from '../domain/quantity';

export const cannedJobMessages = {
  noLines: 'Add at least one service or part to the canned job.',
  quantity: 'Quantity must be greater than 0.',
} as const;

/**
 * One service or part of a canned job: what it names in the catalogue and how many. No price: a
 * canned job is priced when it is added (shared/domain/canned-jobs.ts), from the catalogue then.
 */
export const cannedJobLineSchema = z.object({
  kind: z.enum(['item', 'service'], { error: 'A line is an item or a service.' }),
  refId: idSchema,
  /** The name when it was chosen: shown if the catalogue entry is deleted later. */
  name: z.string({ error: 'The line’s name is required.' }).trim().min(1, 'The line’s name is required.').max(100).superRefine(cleanText('The line’s name')),
  quantity: numberField({ min: 0.01, max: bounds.quantity.max, message: cannedJobMessages.quantity })
    .transform(roundQuantity)
    .refine((quantity) => quantity >= 0.01, cannedJobMessages.quantity),
});
export type CannedJobLine = z.output<typeof cannedJobLineSchema>;

/** A canned job (issue 45): a named set of services and parts, added to a job card or an estimate in one tap. */
export const cannedJobsEntity = definePlainEntity({
  name: 'cannedJobs',
  sqlName: 'canned_jobs',
  priority: true,
  permissions: { create: 'editCatalog', update: 'editCatalog', delete: 'editCatalog' },
  problemForm: { noun: 'CannedJob' },
  fields: {
    name: requiredText('Canned Job Name', 100, { search: 'words', index: true, example: 'Oil service (petrol)', placeholder: 'e.g., Full service' }),
    lines: jsonListField('Services and parts', 'linesJson', cannedJobLineSchema, {
      max: 50,
      emptyMessage: cannedJobMessages.noLines,
      example: [
        { kind: 'service', refId: 'example-service', name: 'Oil change labour', quantity: 1 },
        { kind: 'item', refId: 'example-item', name: 'Engine oil 5W-30 (1 L)', quantity: 4 },
      ],
    }),
    packagePrice: optionalMoneyFieldOf('Package Price', 'packagePriceCents', { example: 9500 }),
  },
  title: 'name',
});
