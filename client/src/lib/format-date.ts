import { isCalendarDay } from '@shared/schemas/dates';

/** dd/MM/yyyy h:mm AM: the spec's date-time format (Current Jobs' Date In), in the device's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = date.getHours();
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** dd/MM/yyyy. */
export function formatDate(iso: string): string {
  return formatDateTime(iso).split(' ')[0] ?? '';
}

/** The device's local date as a date input holds it: 'YYYY-MM-DD'. */
export function localDateInput(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A date input's day at the time of day of `at` (the moment the job was checked in), as ISO; '' when
 * it is no day (a date field hands on text it cannot read, '31-02-2026', which must not roll over).
 */
export function dateInputToIso(day: string, at = new Date()): string {
  if (!isCalendarDay(day)) return '';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, at.getHours(), at.getMinutes(), at.getSeconds()).toISOString();
}
