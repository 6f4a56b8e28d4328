import type { CustomerRow } from '../schemas/customer';
import { lowerSortKey } from '../domain/search-tokens';
import { defineEntity, sameFields } from './define-entity';

const plates = (row: CustomerRow) => (row.vehicles ?? []).map((vehicle) => vehicle.licensePlate);

export const customersEntity = defineEntity<CustomerRow>()({
  name: 'customers',
  sqlName: 'customers',
  priority: true,
  problemForm: { noun: 'Customer' },
  fields: sameFields('customerName', 'contactPerson', 'email', 'phone', 'address', 'city', 'isGuest', 'customerType', 'vehicles'),
  search: {
    words: (row) => [row.customerName, row.contactPerson, row.email, row.phone, ...plates(row)],
    digits: (row) => [row.phone, ...plates(row)],
  },
  sortKey: (row) => lowerSortKey(row.customerName),
  // Searched in memory (client/src/search): its words stay in the row, unindexed; its local stamp
  // tells what changed since the index's snapshot.
  deviceIndexes: 'id, customerName, sortKey, localStamp',
  names: {
    record: (row) => row.customerName,
    fields: {
      customerName: 'Customer Name',
      contactPerson: 'Contact Person',
      email: 'Email',
      phone: 'Phone',
      address: 'Address',
      city: 'City',
      isGuest: 'Guest',
      customerType: 'Customer Type',
      vehicles: 'Vehicles',
    },
  },
});
