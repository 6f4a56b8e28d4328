import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';

export const categoryFields = {
  name: z
    .string({ error: 'Category name is required.' })
    .trim()
    .min(1, 'Category name is required.')
    .max(50, 'Category name must be at most 50 characters.')
    .superRefine(cleanText('Category name')),
  description: optionalText(200, 'Description', { multiline: true }),
};

export const categoryInputSchema = z.object(categoryFields);
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const createCategorySchema = categoryInputSchema.extend({ id: idSchema });
export const updateCategorySchema = categoryInputSchema.partial().extend({ id: idSchema });
export const deleteCategorySchema = z.object({ id: idSchema });

export interface CategoryRow {
  id: string;
  name: string;
  description: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
