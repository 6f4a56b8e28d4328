import { z } from 'zod';
import { idSchema } from './common';
import { cleanText } from './text';
import { bounds, numberField } from './numbers';
import { groupedWhole } from '../domain/grouped-number';

const priceMessage = 'Price must be a number of at least 0.';

export const serviceFields = {
  name: z
    .string({ error: 'Service name is required.' })
    .trim()
    .min(1, 'Service name is required.')
    .max(100, 'Service name must be at most 100 characters.')
    .superRefine(cleanText('Service name')),
  // A form sends text: blank means missing; anything not a plain decimal in range is not a price.
  price: numberField({
    ...bounds.money,
    message: priceMessage,
    requiredMessage: 'Price is required.',
    tooLargeMessage: `Price must be at most ${groupedWhole(bounds.money.max)}.`,
  }),
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
