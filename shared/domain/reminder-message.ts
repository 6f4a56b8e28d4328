import type { TemplateValues } from './whatsapp-templates';
import type { ReminderService } from '../schemas/service-reminder';

const shownDay = (day: string) => day.split('-').reverse().join('/');

/**
 * A service reminder's {due} and {when}: the services named, and the day, or the reading when the km
 * comes first ('at 45,000 km (about 12/03/2027)').
 */
export function reminderValues(row: { dueDate: string; services: readonly ReminderService[] }): Pick<TemplateValues, 'due' | 'when'> {
  const first = row.services[0];
  const when = first && first.by === 'mileage' && first.dueKm !== null ? `at ${first.dueKm.toLocaleString('en-US')} km (about ${shownDay(row.dueDate)})` : shownDay(row.dueDate);
  return { due: row.services.map((service) => service.name).join(', '), when };
}

/** Declined work's {due} and {when}: the work, and the day it was declined. */
export function declinedValues(work: readonly { name: string }[], declinedOn: string): Pick<TemplateValues, 'due' | 'when'> {
  return { due: work.map((line) => line.name).join(', '), when: shownDay(declinedOn) };
}
