import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import type { ServiceReminderRow } from '@shared/schemas/service-reminder';

/**
 * A customer marked 'No reminders' (or not any more): their vehicles' reminders follow, so the
 * Reminders list leaves them out (or lists them again). A customer has a few vehicles: a save each.
 */
export async function followNoReminders(customerId: string, noReminders: boolean): Promise<void> {
  const rows = ((await db.serviceReminders.where('customerId').equals(customerId).toArray()) as ServiceReminderRow[]).filter((row) => !row.deleted && row.remind === noReminders);
  for (const row of rows) {
    await mutate('saveServiceReminder', {
      id: row.id,
      customerId: row.customerId,
      vehicleLicensePlate: row.vehicleLicensePlate,
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      dueDate: row.dueDate,
      services: row.services,
      kmPerDay: row.kmPerDay,
      lastVisit: row.lastVisit,
      lastMileage: row.lastMileage,
      remind: !noReminders,
    });
  }
}
