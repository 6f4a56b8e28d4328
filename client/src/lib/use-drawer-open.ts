import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';

/**
 * Whether this register's cash drawer has an open session (issue 27): the register warns when cash is
 * taken with none, since that cash then counts in no drawer's Z report. undefined while loading.
 */
export function useDrawerOpen(): boolean | undefined {
  return useLiveQuery(async () => {
    const register = (await db.syncState.get('deviceCode'))?.value ?? '';
    const open = await db.drawerSessions.where('[register+status]').equals([register, 'open']).toArray();
    return open.some((row) => !row.deleted);
  }, []);
}
