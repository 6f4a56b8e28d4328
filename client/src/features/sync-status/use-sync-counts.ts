import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { parseDownload, type DownloadProgress } from '@/db/db';

/** Unsynced changes, sync problems, the last successful sync and a download's progress, live across tabs. */
export function useSyncCounts() {
  return useLiveQuery(
    async () => ({
      pending: await db.outbox.count(),
      problems: await db.problems.count(),
      lastSyncAt: (await db.syncState.get('lastSyncAt'))?.value ?? null,
      download: parseDownload((await db.syncState.get('download'))?.value),
    }),
    [],
    { pending: 0, problems: 0, lastSyncAt: null as string | null, download: null as DownloadProgress | null },
  );
}
