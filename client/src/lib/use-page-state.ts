import { useEffect, useState } from 'react';
import { pageCount } from '../../../shared/domain/pagination';

export interface PageState {
  search: string;
  /** Sets the search text and goes back to page 1. */
  setSearch: (search: string) => void;
  page: number;
  setPage: (page: number) => void;
}

/** The search text and page of a paged list screen; a new search starts again at page 1. */
export function usePageState(): PageState {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  return {
    search,
    setSearch(text) {
      setSearchText(text);
      setPage(1);
    },
    page,
    setPage,
  };
}

/**
 * The last page for a list's answer (1 while it is still loading). A delete (here or on another
 * device) can leave the list past its last page: then the page moves back to the last one. Only an
 * answer for the page shown counts: right after a save moved the list to a new last page, the
 * answer for the page it left (one row fewer) would move it back (issue 12, a saved record is shown).
 */
export function useLastPage({ page, setPage }: PageState, result: { total: number; page?: number } | undefined, pageSize: number): number {
  const lastPage = result === undefined ? 1 : pageCount(result.total, pageSize);
  const current = result !== undefined && (result.page === undefined || result.page === page);
  useEffect(() => {
    if (current && page > lastPage) setPage(lastPage);
  }, [current, page, lastPage, setPage]);
  return lastPage;
}
