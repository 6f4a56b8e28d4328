import { z } from 'zod';
import { idSchema } from './common';

const priceMessage = 'Price must be a number of at least 0.';

export const serviceFields = {
  name: z.string({ error: 'Service name is required.' }).trim().min(1, 'Service name is required.').max(100, 'Service name must be at most 100 characters.'),
  price: z
    .union([z.number(), z.string().trim().min(1, 'Price is required.').regex(/^\d+(\.\d+)?$/, priceMessage).transform(Number)], {
      error: 'Price is required.',
    })
    .pipe(z.number().min(0, priceMessage).max(100_000_000, priceMessage)),
};

export const createServiceSchema = z.object({ id: idSchema, ...serviceFields });
export const updateServiceSchema = z.object(serviceFields).partial().extend({ id: idSchema });
export const deleteServiceSchema = z.object({ id: idSchema });
export type ServiceInput = z.input<typeof createServiceSchema>;

export interface ServiceRow {
  id: string;
  /** SRV-0001, assigned by the server; null while the service waits to be synced. */
  serviceId: string | null;
  name: string;
  priceCents: number;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
