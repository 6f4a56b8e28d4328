import { useSearchParams } from 'react-router-dom';
import { isCalendarDay } from '@shared/schemas/dates';
import type { DayPeriod } from './query-job-history';

export interface ReportQuery {
  /** The search applied (Search or Enter), not what is being typed. */
  search: string;
  /** The date-in period applied with it (issue 47). */
  period: DayPeriod;
  page: number;
  applySearch: (search: string, period: DayPeriod) => void;
  setPage: (page: number) => void;
  reset: () => void;
}

/**
 * The applied search, its period and the page live in the address (?q=perera&from=2026-11-01&page=2), so 'Open Page' and the
 * back button return to the same place. The address is replaced, not pushed: paging adds no history.
 */
export function useReportQuery(): ReportQuery {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  // A day typed into the address by hand that is no day is no filter.
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isCalendarDay(value) ? value : '';
  };
  const period = { from: day('from'), to: day('to') };
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const go = (q: string, days: DayPeriod, to: number) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (days.from) next.set('from', days.from);
    if (days.to) next.set('to', days.to);
    if (to > 1) next.set('page', String(to));
    setParams(next, { replace: true });
  };
  return {
    search,
    period,
    page,
    applySearch: (text, days) => go(text.trim(), days, 1),
    setPage: (to) => go(search, period, to),
    reset: () => go('', { from: '', to: '' }, 1),
  };
}
