import type { z } from 'zod';
import type { customerInputSchema, vehicleSchema } from '../../../../../shared/schemas/customer';

export type VehicleRow = z.output<typeof vehicleSchema>;

/** A customer as the device stores it: the shared schema's output plus the synced columns. */
export type CustomerRow = Omit<z.output<typeof customerInputSchema>, 'vehicles'> & {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  vehicles: VehicleRow[];
};
