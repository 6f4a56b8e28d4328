import { addDays, lapsedAfterDays } from './service-due';

/** The Reminders list's periods (issue 45): each a range of due days from today. */
export const reminderPeriods = {
  soon: 'Overdue and this week',
  overdue: 'Overdue',
  week: 'Due this week',
  month: 'Due in 30 days',
  all: 'All',
} as const;
export type ReminderPeriod = keyof typeof reminderPeriods;

/** A period as due days from `from` up to, not including, `to`; a vehicle lapsed a year ago is before every one. */
export function periodRange(period: ReminderPeriod, today: string): { from: string; to: string } {
  const lapsed = addDays(today, -lapsedAfterDays);
  switch (period) {
    case 'overdue':
      return { from: lapsed, to: today };
    case 'week':
      return { from: today, to: addDays(today, 7) };
    case 'month':
      return { from: today, to: addDays(today, 30) };
    case 'all':
      return { from: lapsed, to: '9999-12-31' };
    default:
      return { from: lapsed, to: addDays(today, 7) };
  }
}

/** Declined work is worth a call from a week after it was declined, for half a year. */
export const declinedFollowUpAfterDays = 7;
export const declinedFollowUpForDays = 180;
