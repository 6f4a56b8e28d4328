import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/instance';

/** Unsynced changes, sync problems and the last successful sync, live across tabs. */
export function useSyncCounts() {
  return useLiveQuery(
    async () => ({
      pending: await db.outbox.count(),
      problems: await db.problems.count(),
      lastSyncAt: (await db.syncState.get('lastSyncAt'))?.value ?? null,
    }),
    [],
    { pending: 0, problems: 0, lastSyncAt: null as string | null },
  );
}
