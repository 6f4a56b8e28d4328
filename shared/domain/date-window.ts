/**
 * The dates a sale or payment may carry, around the server's time (issue 24, point 10; decisions.md,
 * Sale and payment dates). Back: a year and a day, far more than any device stays offline with its
 * outbox (a register off for a long holiday still sends its sales), while 1970 and 9999 are refused.
 * Ahead: one day, for a device whose clock runs a little fast and for a day picked in a time zone
 * ahead of UTC (a payment date is the shop's day, Sri Lanka is UTC+5:30).
 */
export const dateWindow = { daysBack: 366, daysAhead: 1 } as const;

const dayMs = 24 * 60 * 60 * 1000;

/** The first and last instants (ISO) and days (YYYY-MM-DD) a date may carry when the server's time is `now`. */
export function dateWindowAround(now: string) {
  const at = Date.parse(now);
  const earliest = new Date(at - dateWindow.daysBack * dayMs).toISOString();
  const latest = new Date(at + dateWindow.daysAhead * dayMs).toISOString();
  return { earliest, latest, earliestDay: earliest.slice(0, 10), latestDay: latest.slice(0, 10) };
}

/** Whether a day (YYYY-MM-DD) or an instant (ISO) lies in the window around `now`. */
export function isWithinDateWindow(date: string, now: string): boolean {
  const window = dateWindowAround(now);
  if (date.length === 10) return date >= window.earliestDay && date <= window.latestDay;
  const at = Date.parse(date);
  return at >= Date.parse(window.earliest) && at <= Date.parse(window.latest);
}

export const dateWindowMessages = {
  sale: 'The invoice date must be within the last year and not later than tomorrow. Check the device’s date and time.',
  payment: 'The payment date must be within the last year and not later than tomorrow.',
  expense: 'The expense date must be within the last year and not later than tomorrow.',
} as const;
