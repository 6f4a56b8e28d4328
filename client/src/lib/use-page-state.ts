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
 * The last page for `total` rows (1 while `total` is still loading). A delete (here or on another
 * device) can leave the list past its last page: then the page moves back to the last one.
 */
export function useLastPage({ page, setPage }: PageState, total: number | undefined, pageSize: number): number {
  const lastPage = total === undefined ? 1 : pageCount(total, pageSize);
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);
  return lastPage;
}
