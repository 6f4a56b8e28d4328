import { z } from 'zod';
import { idSchema } from './common';
import { maxMileage } from './job-card';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD.');

/** One service of a reminder: what is due, the day it is expected, the reading it is due at. */
export const reminderServiceSchema = z.object({
  name: z.string().trim().min(1).max(100),
  dueDate: day,
  dueKm: z.number().int().min(0).max(maxMileage).nullable(),
  by: z.enum(['date', 'mileage']),
});
export type ReminderService = z.output<typeof reminderServiceSchema>;

/**
 * A vehicle's next service as the finishing device worked it out (shared/domain/service-due.ts) and
 * saves it: one row a vehicle, its id made from the plate (serviceReminderId).
 */
export const saveServiceReminderSchema = z.object({
  id: idSchema,
  customerId: idSchema,
  vehicleLicensePlate: z.string().trim().min(1).max(20),
  customerName: z.string().trim().min(1).max(100),
  customerPhone: z.string().trim().max(30),
  dueDate: day,
  services: z.array(reminderServiceSchema).min(1, 'A reminder names at least one service.').max(20),
  kmPerDay: z.number().min(0).max(1_000),
  lastVisit: day,
  lastMileage: z.number().int().min(0).max(maxMileage).nullable(),
  /** False when the customer asked for no reminders: the row stays, the list leaves it out. */
  remind: z.boolean().default(true),
});
export type SaveServiceReminderArgs = z.output<typeof saveServiceReminderSchema>;
export const deleteServiceReminderSchema = z.object({ id: idSchema });

export interface ServiceReminderRow {
  id: string;
  customerId: string;
  vehicleLicensePlate: string;
  customerName: string;
  customerPhone: string;
  dueDate: string;
  services: ReminderService[];
  kmPerDay: number;
  lastVisit: string;
  lastMileage: number | null;
  remind: boolean;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
