import { z } from 'zod';
import { emailSchema, idSchema, optionalText } from './common';
import { cleanText, type TextRule } from './text';
import { messageLanguages, type MessageLanguage } from '../domain/whatsapp-templates';

const required = (message: string, max = 200, rule: TextRule = {}) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required.', '')} must be at most ${max} characters.`)
    .superRefine(cleanText(message.replace(' is required.', ''), rule));

/** The year rule reads the clock when it runs: 1900 to the current year plus 5 (spec 9). */
export const maxVehicleYear = () => new Date().getFullYear() + 5;
const yearMessage = 'Valid vehicle year is required (e.g., 2020).';

export const vehicleSchema = z.object({
  make: required('Vehicle make is required.', 50),
  model: required('Vehicle model is required.', 50),
  year: z.union([z.number(), z.string().trim().regex(/^\d+$/, yearMessage).transform(Number)], { error: yearMessage }).pipe(
    z
      .number()
      .int(yearMessage)
      .min(1900, yearMessage)
      .refine((year) => year <= maxVehicleYear(), yearMessage),
  ),
  licensePlate: required('Vehicle license plate is required.', 20).transform((plate) => plate.toUpperCase()),
  vin: optionalText(40, 'VIN'),
});
export type VehicleInput = z.infer<typeof vehicleSchema>;

export const atLeastOneVehicleMessage = 'At least one vehicle is required for a customer.';

/** A guest is marked by isGuest, customerType 'guest', or 'guest' in the name (spec 3). */
export function isGuestCustomer(customer: { isGuest?: boolean; customerType?: string; customerName?: string }): boolean {
  return !!customer.isGuest || customer.customerType === 'guest' || /guest/i.test(customer.customerName ?? '');
}

export const messageLanguageSchema = z.enum(messageLanguages, { error: 'Message language must be English, Sinhala or Tamil.' });
export const noRemindersSchema = z.boolean({ error: 'No reminders must be yes or no.' });

// Field order is the spec's validation order (section 5): the first failing rule is the message.
export const customerFields = {
  customerName: required('Customer Name is required.', 100),
  contactPerson: optionalText(100, 'Contact person'),
  email: emailSchema,
  phone: required('Phone number is required.', 30),
  address: required('Address is required.', 300, { multiline: true }),
  city: optionalText(100, 'City'),
  isGuest: z.boolean().optional().default(false),
  customerType: z.enum(['regular', 'guest']).optional().default('regular'),
  vehicles: z.array(vehicleSchema, { error: atLeastOneVehicleMessage }).max(50, 'At most 50 vehicles per customer.'),
  // The language their WhatsApp messages are written in, and whether they are left out of reminders (issue 45).
  language: messageLanguageSchema.optional().default('en'),
  noReminders: noRemindersSchema.optional().default(false),
};

function requireVehicle(customer: z.infer<z.ZodObject<typeof customerFields>>, ctx: z.RefinementCtx) {
  if (customer.vehicles.length === 0 && !isGuestCustomer(customer)) {
    ctx.addIssue({ code: 'custom', message: atLeastOneVehicleMessage, path: ['vehicles'] });
  }
}

/** A whole customer (the server checks an edited customer's merged row with this too). */
export const customerInputSchema = z.object(customerFields).superRefine(requireVehicle);
export type CustomerInput = z.input<typeof customerInputSchema>;

export const createCustomerSchema = z.object({ id: idSchema, ...customerFields }).superRefine(requireVehicle);
// No defaults in an edit: a missing isGuest must keep the stored value, not turn a guest regular.
export const updateCustomerSchema = z
  .object({
    ...customerFields,
    isGuest: z.boolean().optional(),
    customerType: z.enum(['regular', 'guest']).optional(),
    language: messageLanguageSchema.optional(),
    noReminders: noRemindersSchema.optional(),
  })
  .partial()
  .extend({ id: idSchema });
export const deleteCustomerSchema = z.object({ id: idSchema });

/**
 * The job card picker's '+ Add Customer' (spec 5): name, phone and address required, the email
 * optional (checked when given), and a vehicle with make, model, year and plate.
 */
export const quickCreateCustomerSchema = z.object({
  id: idSchema,
  customerName: customerFields.customerName,
  phone: customerFields.phone,
  address: customerFields.address,
  email: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.union([z.literal(''), emailSchema])),
  // Optional here (an import's customer without an email comes this way with them: issue 43).
  city: customerFields.city,
  contactPerson: customerFields.contactPerson,
  vehicles: z.array(vehicleSchema, { error: atLeastOneVehicleMessage }).min(1, atLeastOneVehicleMessage).max(50, 'At most 50 vehicles per customer.'),
  // An imported customer's message language and reminders (issue 45); the picker's form sends neither.
  language: customerFields.language,
  noReminders: customerFields.noReminders,
});

/** A vehicle as a customer's row stores it (the schema's output). */
export type VehicleRow = z.output<typeof vehicleSchema>;

/** A customer as both sides store it. */
export interface CustomerRow {
  id: string;
  customerName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  isGuest: boolean;
  customerType: 'regular' | 'guest';
  vehicles: VehicleRow[];
  /** Missing on a row saved before issue 45: English (messageLanguageOf). */
  language?: MessageLanguage;
  /** Missing on a row saved before issue 45: false, reminded. */
  noReminders?: boolean;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
