import type { CustomerRow } from '../schemas/customer';
import { lowerSortKey } from '../domain/search-tokens';
import { plateKey } from '../domain/search-shape';
import { defineEntity, sameFields } from './define-entity';

const plates = (row: CustomerRow) => (row.vehicles ?? []).map((vehicle) => vehicle.licensePlate);
/** A plate also as one key (CAB1234), so 'cab1234' and 'WP CAB 1234' find 'CAB-1234' (shared/domain/search-shape.ts). */
const plateKeys = (row: CustomerRow) => plates(row).map((plate) => (plate ? plateKey(plate) : ''));
const vins = (row: CustomerRow) => (row.vehicles ?? []).map((vehicle) => vehicle.vin ?? '');

export const customersEntity = defineEntity<CustomerRow>()({
  name: 'customers',
  sqlName: 'customers',
  priority: true,
  problemForm: { noun: 'Customer' },
  fields: sameFields('customerName', 'contactPerson', 'email', 'phone', 'address', 'city', 'isGuest', 'customerType', 'vehicles', 'language', 'noReminders'),
  search: {
    words: (row) => [row.customerName, row.contactPerson, row.email, row.phone, ...plates(row), ...plateKeys(row), ...vins(row)],
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
      language: 'Message language',
      noReminders: 'No reminders',
    },
  },
});
