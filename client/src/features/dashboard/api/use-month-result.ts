import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { MonthResult } from '@shared/domain/month-result';
import { readMonthResult } from './read-month-result';

/**
 * This month's result, live (read-month-result.ts). Only asked for when the user reads cost prices
 * (`enabled`): a Staff device holds none (shared/sync/read-scope.ts), so it would read every part as
 * costing nothing. undefined while loading or when not enabled.
 */
export function useMonthResult(now: Date, enabled: boolean): MonthResult | undefined {
  const monthStamp = `${now.getFullYear()}-${now.getMonth()}`;
  return useLiveQuery(() => (enabled ? readMonthResult(db, now) : undefined), [monthStamp, enabled]);
}
