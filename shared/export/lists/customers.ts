import type { CustomerRow } from '../../schemas/customer';
import { exportList } from '../list';

/** Customers with their vehicles: a line per vehicle, the customer's cells on each; none: one line. */
export const customersList = exportList<CustomerRow>({
  key: 'customers',
  title: 'Customers',
  file: 'customers.csv',
  table: 'customers',
  lookups: [],
  header: () => ['Customer Name', 'Contact Person', 'Email', 'Phone', 'Address', 'City', 'License Plate', 'Make', 'Model', 'Year', 'VIN'],
  lines: (customer) => {
    if (customer.deleted) return [];
    const person = [customer.customerName, customer.contactPerson, customer.email, customer.phone, customer.address, customer.city];
    const vehicles = customer.vehicles ?? [];
    if (vehicles.length === 0) return [[...person, '', '', '', '', '']];
    return vehicles.map((vehicle) => [...person, vehicle.licensePlate, vehicle.make, vehicle.model, vehicle.year, vehicle.vin]);
  },
});
