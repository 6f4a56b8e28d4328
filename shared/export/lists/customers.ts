import type { CustomerRow } from '../../schemas/customer';
import { exportList } from '../list';
import { messageLanguageLabels, messageLanguageOf } from '../../domain/whatsapp-templates';

/** Customers with their vehicles: a line per vehicle, the customer's cells on each; none: one line. */
export const customersList = exportList<CustomerRow>({
  key: 'customers',
  title: 'Customers',
  file: 'customers.csv',
  table: 'customers',
  lookups: [],
  header: () => ['Customer Name', 'Contact Person', 'Email', 'Phone', 'Address', 'City', 'License Plate', 'Make', 'Model', 'Year', 'VIN', 'Message Language', 'No Reminders'],
  lines: (customer) => {
    if (customer.deleted) return [];
    const person = [customer.customerName, customer.contactPerson, customer.email, customer.phone, customer.address, customer.city];
    // How they are written to (issue 45): the language as the form shows it, and Yes when left out of reminders.
    const messages = [messageLanguageLabels[messageLanguageOf(customer.language)], customer.noReminders ? 'Yes' : 'No'];
    const vehicles = customer.vehicles ?? [];
    if (vehicles.length === 0) return [[...person, '', '', '', '', '', ...messages]];
    return vehicles.map((vehicle) => [...person, vehicle.licensePlate, vehicle.make, vehicle.model, vehicle.year, vehicle.vin, ...messages]);
  },
});
