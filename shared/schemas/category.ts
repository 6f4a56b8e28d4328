import type { z } from 'zod';
import { categoriesEntity } from '../entities/categories';
import type { RowOfPlain } from '../entities/plain-entity';

// A category's rules and row are its entity's declaration (shared/entities/categories.ts): these are
// the names the rest of the code knows them by.
export const createCategorySchema = categoriesEntity.plain.schemas.create;
export const updateCategorySchema = categoriesEntity.plain.schemas.update;
export const deleteCategorySchema = categoriesEntity.plain.schemas.delete;
export const categoryInputSchema = createCategorySchema.omit({ id: true });
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export type CategoryRow = RowOfPlain<typeof categoriesEntity>;
