import { useSearchParams } from 'react-router-dom';

export interface ReportQuery {
  /** The search applied (Search or Enter), not what is being typed. */
  search: string;
  page: number;
  applySearch: (search: string) => void;
  setPage: (page: number) => void;
  reset: () => void;
}

/**
 * The applied search and the page live in the address (?q=perera&page=2), so 'Open Page' and the
 * back button return to the same place. The address is replaced, not pushed: paging adds no history.
 */
export function useReportQuery(): ReportQuery {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const go = (q: string, to: number) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (to > 1) next.set('page', String(to));
    setParams(next, { replace: true });
  };
  return {
    search,
    page,
    applySearch: (text) => go(text.trim(), 1),
    setPage: (to) => go(search, to),
    reset: () => go('', 1),
  };
}
