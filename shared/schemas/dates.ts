/**
 * Dates as the API takes them (issue 24, point 10): a day ('2026-11-23') or an ISO date and time
 * ('2026-11-23T09:00:00.000Z', '2026-11-23T14:30+05:30'), read strictly. `Date.parse` alone rolls
 * an impossible day over ('2025-02-30' is 2 March) and takes hour 24; neither is a date here.
 */
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?$/;

/** Whether the text is a day that exists on the calendar, as YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no time zone moves it).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether the text is a calendar day, or a calendar day with a valid time (and optional zone). */
export function isStrictDate(text: string): boolean {
  if (isCalendarDay(text)) return true;
  const match = dateTimePattern.exec(text);
  if (!match || !isCalendarDay(match[1]!)) return false;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (match[6] !== undefined && (Number(match[6]) > 23 || Number(match[7]) > 59)) return false;
  return !Number.isNaN(Date.parse(text));
}

/**
 * A day as people here write and read it (issue 25: dd/MM/yyyy everywhere, date fields included).
 * Day and month take one or two digits, the year four (a two-digit year is refused: '26' could be
 * 1926 or 2026), with '/', '-' or '.' between them, the same one twice; spaces around the whole are
 * ignored. Read strictly like the API's days: '31/02/2026' is no day, not 3 March.
 */
const typedDayPattern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;

/** The typed text as a day ('YYYY-MM-DD'), or null when it is not one. */
export function readTypedDay(text: string): string | null {
  const match = typedDayPattern.exec(text.trim());
  if (!match) return null;
  const day = `${match[4]}-${match[3]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}

/** A day ('YYYY-MM-DD') as it is shown and typed: dd/MM/yyyy; anything else as it is. */
export function typedDayText(day: string): string {
  return isCalendarDay(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : day;
}
