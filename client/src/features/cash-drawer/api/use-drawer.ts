import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { DrawerSessionRow } from '@shared/schemas/drawer';
import { xReportOf, type XReport } from './x-report';

/** This register's device code, '' before it has one; undefined while loading. */
export function useRegisterCode(): string | undefined {
  return useLiveQuery(async () => (await db.syncState.get('deviceCode'))?.value ?? '', []);
}

/** This register's open session, null when its drawer is closed; undefined while loading. */
export function useOpenSession(register: string | undefined): DrawerSessionRow | null | undefined {
  return useLiveQuery(async () => {
    if (register === undefined) return undefined;
    const open = await db.drawerSessions.where('[register+status]').equals([register, 'open']).toArray();
    return open.find((row) => !row.deleted) ?? null;
  }, [register]);
}

/** The X report of an open session: what the drawer should hold now, live; undefined while loading. */
export function useXReport(session: DrawerSessionRow | null | undefined): XReport | undefined {
  return useLiveQuery(async () => (session ? xReportOf(session) : undefined), [session?.id, session?.version, session?.updatedAt]);
}

/**
 * The newest closed sessions: this register's, or every register's for a Manager or Admin (who sees
 * each register's differences). The closedAt index reads the newest 50 without the rest.
 */
export function useClosedSessions(register: string | undefined, everyRegister: boolean): DrawerSessionRow[] | undefined {
  return useLiveQuery(async () => {
    if (register === undefined) return undefined;
    return db.drawerSessions
      .orderBy('closedAt')
      .reverse()
      .filter((row) => !row.deleted && row.status === 'closed' && (everyRegister || row.register === register))
      .limit(50)
      .toArray();
  }, [register, everyRegister]);
}
