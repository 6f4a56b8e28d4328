import type { ServiceReminderRow } from '../schemas/service-reminder';
import { plateKey } from '../domain/search-shape';
import { defineEntity, sameFields } from './define-entity';

/** The filter word of a reminder the customer may be sent. */
export const remindWord = '~remind';

/**
 * A vehicle's next service (issue 45, point 3): one row a vehicle, written by the device that
 * finishes a job for it (saveServiceReminder, an upsert). A planning figure, not a fact: the later
 * write stands. Sorted by the day it is due, so the Reminders list pages through it in that order.
 */
export const serviceRemindersEntity = defineEntity<ServiceReminderRow>()({
  name: 'serviceReminders',
  sqlName: 'service_reminders',
  priority: false,
  fields: sameFields('customerId', 'vehicleLicensePlate', 'customerName', 'customerPhone', 'dueDate', 'services', 'kmPerDay', 'lastVisit', 'lastMileage', 'remind'),
  search: {
    words: (row) => [
      row.vehicleLicensePlate,
      plateKey(String(row.vehicleLicensePlate ?? '')),
      row.customerName,
      row.customerPhone,
      ...(row.services ?? []).map((service) => service.name),
    ],
    digits: (row) => [row.customerPhone, row.vehicleLicensePlate],
    // The Reminders list asks for '~remind': a customer who asked for no reminders is left out.
    filters: (row) => (row.remind === false ? [] : [remindWord]),
  },
  sortKey: (row) => `${row.dueDate ?? ''}`,
  deviceIndexes: 'id, dueDate, customerId, sortKey, localStamp',
  names: {
    record: (row) => `the service reminder for ${row.vehicleLicensePlate}`,
    fields: { dueDate: 'Due Date', services: 'Services due', customerName: 'Customer Name', customerPhone: 'Phone' },
  },
});
