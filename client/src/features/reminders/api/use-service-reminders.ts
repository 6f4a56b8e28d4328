import { usePagedSearch } from '@/search';
import { db } from '@/db/instance';
import { remindWord } from '@shared/entities/service-reminders';
import { periodRange, type ReminderPeriod } from '@shared/domain/reminder-periods';
import type { ServiceReminderRow } from '@shared/schemas/service-reminder';

export const remindersPageSize = 25;

/**
 * A page of vehicles due in the period, earliest first, matching plate, customer, phone or service:
 * the search index's range of due days (search/word-index.ts), never the whole table read.
 */
export function useServiceReminders(search: string, period: ReminderPeriod, page: number, today: string, enabled = true) {
  const keyRange = periodRange(period, today);
  return usePagedSearch(db.serviceReminders, { search, page, pageSize: remindersPageSize, filter: [remindWord], keyRange }, enabled) as
    { rows: ServiceReminderRow[]; total: number; page?: number } | undefined;
}
