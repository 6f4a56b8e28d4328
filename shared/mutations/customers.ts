import type { z } from 'zod';
import { defineMutation, oneRecord } from './define';
import { quickCreateCustomerSchema } from '../schemas/customer';

/** The customer fields of a quick create, as both sides store them. */
export function quickCustomerFields(args: z.output<typeof quickCreateCustomerSchema>) {
  return {
    id: args.id,
    customerName: args.customerName,
    phone: args.phone,
    address: args.address,
    email: args.email,
    contactPerson: args.contactPerson,
    city: args.city,
    isGuest: false,
    customerType: 'regular',
    vehicles: args.vehicles,
    language: args.language,
    noReminders: args.noReminders,
  };
}

/** The job card picker's '+ Add Customer': the lighter form of spec 5. */
export const quickCreateCustomer = defineMutation({
  name: 'quickCreateCustomer',
  schema: quickCreateCustomerSchema,
  permission: 'operate',
  touches: oneRecord('customers'),
});
