import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import type { DrawerSessionRow } from '@shared/schemas/drawer';

/**
 * This register's open cash drawer session, null when its drawer is closed; undefined while loading.
 * Cash paid out from the drawer (a supplier paid in cash, issue 44) is a pay-out in this session.
 */
export function useOpenDrawerSession(): DrawerSessionRow | null | undefined {
  return useLiveQuery(async () => {
    const register = (await db.syncState.get('deviceCode'))?.value ?? '';
    const open = await db.drawerSessions.where('[register+status]').equals([register, 'open']).toArray();
    return open.find((row) => !row.deleted) ?? null;
  }, []);
}

/**
 * Whether this register's cash drawer has an open session (issue 27): the register warns when cash is
 * taken with none, since that cash then counts in no drawer's Z report. undefined while loading.
 */
export function useDrawerOpen(): boolean | undefined {
  const session = useOpenDrawerSession();
  return session === undefined ? undefined : session !== null;
}
