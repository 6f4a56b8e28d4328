import { useCallback, useEffect, useState } from 'react';
import type { Table } from 'dexie';
import { positionInSortOrder } from '../search';
import type { PageState } from './use-page-state';

const highlightMs = 2500;

interface Paged {
  table: Table<{ id: string }, string>;
  pageSize: number;
  paging: PageState;
}

/**
 * After a save, the list shows the saved record (issue 12): on a paged list it moves to the page
 * the record sorts onto (clearing a search it may not match), scrolls to its row and highlights it
 * briefly, so a new customer whose name sorts elsewhere never seems to vanish.
 */
export function useRevealSaved(paged?: Paged): { highlightId: string | null; reveal: (id: string) => void } {
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const table = paged?.table;
  const pageSize = paged?.pageSize;
  const paging = paged?.paging;

  const reveal = useCallback(
    (id: string) => {
      void (async () => {
        if (table && pageSize && paging) {
          const position = await positionInSortOrder(table, id);
          if (position !== null) {
            if (paging.search) paging.setSearch('');
            paging.setPage(Math.floor(position / pageSize) + 1);
          }
        }
        setHighlightId(id);
      })();
    },
    [table, pageSize, paging],
  );

  useEffect(() => {
    if (!highlightId) return;
    let tries = 0;
    // The page's rows arrive from a live query a moment later: look for the row until it is there.
    const find = setInterval(() => {
      const row = document.querySelector(`[data-row-id="${CSS.escape(highlightId)}"]`);
      if (row || ++tries > 40) {
        clearInterval(find);
        row?.scrollIntoView({ block: 'nearest' });
      }
    }, 50);
    const clear = setTimeout(() => setHighlightId(null), highlightMs);
    return () => {
      clearInterval(find);
      clearTimeout(clear);
    };
  }, [highlightId]);

  return { highlightId, reveal };
}
