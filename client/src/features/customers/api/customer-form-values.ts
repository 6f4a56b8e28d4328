import { isGuestCustomer } from '@shared/schemas/customer';
import { defaultMessageLanguage, messageLanguageOf, type MessageLanguage } from '@shared/domain/whatsapp-templates';
import type { CustomerRow } from './customer-row';
import { blankVehicle, type VehicleFormValues } from '@/lib/vehicle-form-values';

/** The customer form as typed: text, because a form field holds text and the shared schema parses it. */
export interface CustomerFormValues {
  customerName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  /** The language of their WhatsApp messages, and whether they are left out of reminders (issue 45). */
  language: MessageLanguage;
  noReminders: boolean;
  vehicles: VehicleFormValues[];
}

/** Empty for a new customer, prefilled for an edit; a guest may have no vehicle, anyone else starts with one. */
export function initialFormValues(customer: CustomerRow | null): CustomerFormValues {
  if (!customer) {
    return { customerName: '', contactPerson: '', email: '', phone: '', address: '', city: '', language: defaultMessageLanguage, noReminders: false, vehicles: [blankVehicle()] };
  }
  const vehicles = (customer.vehicles ?? []).map((vehicle) => ({
    key: crypto.randomUUID(),
    make: vehicle.make ?? '',
    model: vehicle.model ?? '',
    year: vehicle.year === undefined || vehicle.year === null ? '' : String(vehicle.year),
    licensePlate: vehicle.licensePlate ?? '',
    vin: vehicle.vin ?? '',
  }));
  return {
    customerName: customer.customerName ?? '',
    contactPerson: customer.contactPerson ?? '',
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    address: customer.address ?? '',
    city: customer.city ?? '',
    language: messageLanguageOf(customer.language),
    noReminders: customer.noReminders === true,
    vehicles: vehicles.length > 0 || isGuestCustomer(customer) ? vehicles : [blankVehicle()],
  };
}

/** The mutation's arguments (the spec's body): the shared schema trims, checks and converts them. */
export function toCustomerInput(values: CustomerFormValues) {
  const { vehicles, ...customer } = values;
  return { ...customer, vehicles: vehicles.map(({ key: _key, ...vehicle }) => vehicle) };
}
