import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { parseDownload, type DownloadProgress } from '@/db/db';

/**
 * Unsynced changes, sync problems, the last successful sync and a download's progress, live across
 * tabs. Read in one transaction, the requests at once: asked again at each page of a download (its
 * progress), four reads one after another were four transactions, each waiting for a page's write
 * and the next page's write waiting for it (issue 47).
 */
export function useSyncCounts() {
  return useLiveQuery(
    () =>
      db.transaction('r', [db.outbox, db.problems, db.syncState], async () => {
        const [pending, problems, [lastSyncAt, download]] = await Promise.all([db.outbox.count(), db.problems.count(), db.syncState.bulkGet(['lastSyncAt', 'download'])]);
        return { pending, problems, lastSyncAt: lastSyncAt?.value ?? null, download: parseDownload(download?.value) };
      }),
    [],
    { pending: 0, problems: 0, lastSyncAt: null as string | null, download: null as DownloadProgress | null },
  );
}
