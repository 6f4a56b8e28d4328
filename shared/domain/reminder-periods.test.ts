import { describe, expect, it } from 'vitest';
import { periodRange, type ReminderPeriod } from './reminder-periods';

describe('the Reminders list periods on 07/12/2026', () => {
  it.each<[ReminderPeriod, string, string]>([
    ['soon', '2025-12-07', '2026-12-14'],
    ['overdue', '2025-12-07', '2026-12-07'],
    ['week', '2026-12-07', '2026-12-14'],
    ['month', '2026-12-07', '2027-01-06'],
    ['all', '2025-12-07', '9999-12-31'],
  ])('%s is from %s up to %s', (period, from, to) => {
    expect(periodRange(period, '2026-12-07')).toEqual({ from, to });
  });
});
