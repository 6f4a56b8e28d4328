// When a vehicle's next service is due (issue 45, point 3). A service may carry an interval in months,
// in km, or both; it is due again at whichever comes first. A mileage becomes an expected date from
// the distance the vehicle covers a day, worked out from its own odometer readings at each visit.
// Dates are the shop's calendar days, 'YYYY-MM-DD'.

/** A vehicle seen once (or whose readings say nothing) covers this much a day: about 11,000 km a year. */
export const defaultKmPerDay = 30;
/** More a day than this is a typing slip, not driving: the reading is not believed. */
const mostKmPerDay = 1_000;
/** Services due within this many days of the first are named in the same reminder. */
export const sameReminderDays = 30;
/** A vehicle overdue this long was never seen again: it leaves the reminders (lapsed). */
export const lapsedAfterDays = 365;

/** One visit's odometer reading (a job card's date in and current mileage). */
export interface OdometerReading {
  date: string;
  mileage: number | null;
}

/** A service with an interval, done at a visit (a finished job's service line). */
export interface ServiceDone {
  name: string;
  date: string;
  mileage: number | null;
  intervalMonths: number | null;
  intervalKm: number | null;
}

export interface ServiceDueAt {
  name: string;
  /** The day it is expected due: the months' date or the day the km is expected, the earlier. */
  dueDate: string;
  /** The odometer reading it is due at, when it has a km interval and was done at a known reading. */
  dueKm: number | null;
  /** Which limit comes first. */
  by: 'date' | 'mileage';
}

export interface VehicleDue {
  /** The first service's expected day: the vehicle's reminder day. */
  dueDate: string;
  /** Every service due within sameReminderDays of the first, earliest first. */
  services: ServiceDueAt[];
  kmPerDay: number;
  /** Whether kmPerDay comes from the vehicle's own readings or is the default. */
  measured: boolean;
  lastVisit: string;
  lastMileage: number | null;
}

const dayMs = 86_400_000;
const toTime = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => fromTime(toTime(day) + days * dayMs);
export const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / dayMs);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toTime(value));

/** `months` calendar months after `day`; the 31st of a shorter month is its last day (31/01 + 1 → 28/02). */
export function addMonths(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const date = Number(day.slice(8, 10));
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromTime(Date.UTC(year, month, Math.min(date, lastOfMonth)));
}

/**
 * The readings believed, by date: a reading below one before it (an odometer going backwards: a
 * slip, or a replaced clock) is left out, and so is one that would mean more than mostKmPerDay.
 */
export function believedReadings(readings: readonly OdometerReading[]): { date: string; mileage: number }[] {
  const sorted = readings
    .filter((reading): reading is { date: string; mileage: number } => isDay(reading.date) && typeof reading.mileage === 'number' && reading.mileage >= 0)
    .sort((a, b) => a.date.localeCompare(b.date) || a.mileage - b.mileage);
  const kept: { date: string; mileage: number }[] = [];
  for (const reading of sorted) {
    const last = kept[kept.length - 1];
    if (last && reading.mileage < last.mileage) continue;
    if (last && reading.date > last.date && (reading.mileage - last.mileage) / daysBetween(last.date, reading.date) > mostKmPerDay) continue;
    kept.push(reading);
  }
  return kept;
}

/** The km a day from the first to the last believed reading; the default when they span no days or no km. */
export function kmPerDayOf(readings: readonly OdometerReading[]): { kmPerDay: number; measured: boolean } {
  const kept = believedReadings(readings);
  const first = kept[0];
  const last = kept[kept.length - 1];
  if (!first || !last) return { kmPerDay: defaultKmPerDay, measured: false };
  const days = daysBetween(first.date, last.date);
  const km = last.mileage - first.mileage;
  const kmPerDay = Math.round((km / days) * 10) / 10;
  // Under 0.1 km a day (a car kept in a garage) says nothing of when a km will come: the default.
  if (days < 1 || kmPerDay < 0.1) return { kmPerDay: defaultKmPerDay, measured: false };
  return { kmPerDay, measured: true };
}

/** One service's next due: its months' date and its km's expected day, the earlier; null without an interval. */
export function serviceDueAt(done: ServiceDone, pace: number, lastReading: { date: string; mileage: number } | undefined): ServiceDueAt | null {
  if (!isDay(done.date)) return null;
  const byDate = done.intervalMonths ? addMonths(done.date, done.intervalMonths) : null;
  const dueKm = done.intervalKm && typeof done.mileage === 'number' ? done.mileage + done.intervalKm : null;
  let byMileage: string | null = null;
  const kmPerDay = pace > 0 ? pace : defaultKmPerDay;
  if (dueKm !== null) {
    // From the latest reading known (the service's own visit at the least), at the vehicle's pace.
    const from = lastReading && lastReading.date >= done.date ? lastReading : { date: done.date, mileage: done.mileage! };
    byMileage = addDays(from.date, Math.max(0, Math.ceil((dueKm - from.mileage) / kmPerDay)));
  }
  if (byDate === null && byMileage === null) return null;
  if (byMileage !== null && (byDate === null || byMileage < byDate)) return { name: done.name, dueDate: byMileage, dueKm, by: 'mileage' };
  return { name: done.name, dueDate: byDate!, dueKm, by: 'date' };
}

/**
 * The vehicle's next service: each interval service from the last time it was done, the first of
 * them and any due within sameReminderDays of it. Null when nothing it had done carries an interval.
 */
export function vehicleDue(readings: readonly OdometerReading[], done: readonly ServiceDone[]): VehicleDue | null {
  const { kmPerDay, measured } = kmPerDayOf(readings);
  const kept = believedReadings(readings);
  const lastReading = kept[kept.length - 1];
  const latestByName = new Map<string, ServiceDone>();
  for (const service of done) {
    const known = latestByName.get(service.name);
    if (!known || service.date > known.date) latestByName.set(service.name, service);
  }
  const dues = [...latestByName.values()]
    .map((service) => serviceDueAt(service, kmPerDay, lastReading))
    .filter((due): due is ServiceDueAt => due !== null)
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name));
  const first = dues[0];
  if (!first) return null;
  const lastVisit = readings.map((reading) => reading.date).reduce((latest, day) => (isDay(day) && day > latest ? day : latest), '');
  return {
    dueDate: first.dueDate,
    services: dues.filter((due) => daysBetween(first.dueDate, due.dueDate) <= sameReminderDays),
    kmPerDay,
    measured,
    lastVisit,
    lastMileage: lastReading?.mileage ?? null,
  };
}

export type DueState = 'overdue' | 'thisWeek' | 'later' | 'lapsed';

/** Where a due day stands on `today`: this week is today and the six days after. */
export function dueState(dueDate: string, today: string): DueState {
  const days = daysBetween(today, dueDate);
  if (days < -lapsedAfterDays) return 'lapsed';
  if (days < 0) return 'overdue';
  if (days <= 6) return 'thisWeek';
  return 'later';
}

/** 'Every 6 months or 5,000 km', 'Every 12 months', ''; how a service's interval reads in lists. */
export function intervalText(service: { intervalMonths?: number | null; intervalKm?: number | null }): string {
  const parts = [
    service.intervalMonths ? `${service.intervalMonths} ${service.intervalMonths === 1 ? 'month' : 'months'}` : '',
    service.intervalKm ? `${service.intervalKm.toLocaleString('en-US')} km` : '',
  ].filter(Boolean);
  return parts.length ? `Every ${parts.join(' or ')}` : '';
}
