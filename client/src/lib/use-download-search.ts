import { useEffect, useRef, useState } from 'react';
import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import type { GarageDb } from '../db/db';
import { isOnline, useSyncStatusStore } from '../sync/sync-status-store';
import { apiRequest } from '../session/api-client';
import { usePagedSearch, type PageQuery, type PagedResult } from '../search';
import type { DownloadSearchTable } from '@shared/domain/search-words';

/**
 * Whether this device is still downloading its catalogue and customers: a first sync whose first
 * part has not ended (no `priorityDone`), and no later pull either (no `cursor`).
 */
export async function catalogueArriving(database: GarageDb): Promise<boolean> {
  const [cursor, priorityDone] = await database.syncState.bulkGet(['cursor', 'priorityDone']);
  return !cursor?.value && !priorityDone?.value;
}

// A search box changes at every key: the server is asked at most once this often. The first key after
// a pause is asked at once (issue 47: the lists' first answers waited this long for nothing, twice
// on the way to 'usable'); keys typed within it wait for its end, and only the latest is asked.
const typingPauseMs = 150;

/**
 * Whether the catalogue was arriving when a list last read it. Until a list's own read of the
 * device's state comes (it waits behind the download's page being written, which held the first
 * question to the server up by a page's write, 0.1 to 0.7 s, once per screen), it goes by the sync's
 * own word (`catalogueArriving` in the sync status, in the tab that runs the sync), else by this.
 */
let lastArriving: boolean | undefined;
// Longer than the server's slowest search at 50,000 items (about 0.2 s) on a slow shop Wi-Fi.
const answerTimeoutMs = 5000;

interface Answer<T> {
  query: string;
  result?: PagedResult<T>;
  failed?: boolean;
}

/**
 * A searched list of the catalogue or the customers (Item Inventory, Customers).
 *
 * A new tablet holds all of them only after its first sync's first part: about 70,000 rows, which
 * IndexedDB in Chromium writes at some 5,000 a second (docs/benchmarks-history.md). Until then, when the
 * server can be reached, the server answers the same search with the same rules and order
 * (shared/domain/search-words.ts), so the screens are usable from the first seconds instead of
 * showing part of the list. Offline, or if the server's answer fails, the device's own rows answer,
 * as they always do once the first part is on the device. The answer is asked again when this
 * device's outbox changes, so a record saved during the download shows once the server has it.
 */
export function useDownloadAwareSearch<T extends { id: string }>(name: DownloadSearchTable, table: Table<T, string>, options: PageQuery): PagedResult<T> | undefined {
  const read = useLiveQuery(() => catalogueArriving(db), []);
  if (read !== undefined) lastArriving = read;
  const told = useSyncStatusStore((state) => state.catalogueArriving);
  const arriving = read ?? told ?? lastArriving;
  const online = useSyncStatusStore(isOnline);
  // Watched only during the download: after it, every write would wake the list for nothing. Not
  // waited for before the first question (the count waits behind the page being written too).
  const outboxSize = useLiveQuery(() => (arriving ? db.outbox.count() : 0), [arriving]) ?? 0;
  const lastAsked = useRef(0);
  const wanted = arriving === true && online;
  const key = `/api/sync/search?table=${name}&search=${encodeURIComponent(options.search)}&page=${options.page}&limit=${options.pageSize}`;
  const query = wanted ? key : '';
  const [answer, setAnswer] = useState<Answer<T>>({ query: '' });

  useEffect(() => {
    if (!query) return;
    let current = true;
    const request = new AbortController();
    // At once after a pause, else at the end of the last question's pause; a server that does not answer in time hands over.
    const asking = setTimeout(
      () => {
        lastAsked.current = Date.now();
        const timeout = setTimeout(() => request.abort(), answerTimeoutMs);
        apiRequest<{ rows: T[]; total: number; page: number; names: Record<string, string> }>('GET', query, undefined, { signal: request.signal })
          .then(
            ({ rows, total, page, names }) => current && setAnswer({ query, result: { rows, total, page, names } }),
            () => current && setAnswer({ query, failed: true }),
          )
          .finally(() => clearTimeout(timeout));
      },
      Math.max(0, lastAsked.current + typingPauseMs - Date.now()),
    );
    return () => {
      current = false;
      clearTimeout(asking);
      request.abort();
    };
  }, [query, outboxSize]);

  // The server's answer is used until it fails; a failed one hands over to the device's rows.
  const remote = wanted && !(answer.query === query && answer.failed);
  const local = usePagedSearch(table, options, arriving === false || (arriving === true && !remote));
  // Once the rows are on the device, the server's answer to the same search stays up until the device's own comes.
  if (!remote) return local ?? (answer.query === key ? answer.result : undefined);
  // The last answer stays up while the next one comes (as a live query's does); it names its own page.
  return answer.result;
}
