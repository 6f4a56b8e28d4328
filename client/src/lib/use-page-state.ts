import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { pageCount } from '@shared/domain/pagination';

export interface PageState {
  search: string;
  /** Sets the search text and goes back to page 1. */
  setSearch: (search: string) => void;
  page: number;
  setPage: (page: number) => void;
}

/**
 * The search text and page of a paged list screen; a new search starts again at page 1. A list
 * screen (`fromUrl`) also takes `?search=` from its address, so the top-bar search can open it on
 * what was found (issue 28), on arrival and when the address changes while it is open.
 */
export function usePageState({ fromUrl = false }: { fromUrl?: boolean } = {}): PageState {
  const location = useLocation();
  const linked = fromUrl ? new URLSearchParams(location.search).get('search') : null;
  const [search, setSearchText] = useState(linked ?? '');
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (linked === null) return;
    setSearchText(linked);
    setPage(1);
  }, [linked, location.key]);
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
