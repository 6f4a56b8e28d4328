import type { z } from 'zod';
import { servicesEntity } from '../entities/services';
import type { RowOfPlain } from '../entities/plain-entity';

// A service's rules and row are its entity's declaration (shared/entities/services.ts): these are the
// names the rest of the code knows them by.
export const createServiceSchema = servicesEntity.plain.schemas.create;
export const updateServiceSchema = servicesEntity.plain.schemas.update;
export const deleteServiceSchema = servicesEntity.plain.schemas.delete;
export type ServiceInput = z.input<typeof createServiceSchema>;
export type ServiceRow = RowOfPlain<typeof servicesEntity>;
