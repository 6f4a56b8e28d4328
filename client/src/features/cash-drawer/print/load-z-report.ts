import { db } from '../../../db/instance';
import { companyId, type CompanyRow } from '../../../../../shared/schemas/company';
import type { DrawerMoveRow, DrawerSessionRow, ZReportTakings } from '../../../../../shared/schemas/drawer';
import type { DrawerCount } from '../../../../../shared/domain/cash-drawer';

/** Everything a printed Z report shows, from this device alone (it prints offline). */
export interface ZReportData {
  session: DrawerSessionRow;
  report: ZReportTakings;
  count: DrawerCount;
  /** The session's pay-ins and pay-outs with their reasons, oldest first. */
  moves: DrawerMoveRow[];
  company: CompanyRow | null;
}

export const zReportNotFoundMessage = 'This Z report is not on this device yet. Sync, then try again.';

/** A closed session's Z report; null when this device does not hold it or the session is still open. */
export async function loadZReport(sessionId: string): Promise<ZReportData | null> {
  return db.transaction('r', [db.drawerSessions, db.drawerMoves, db.company], async () => {
    const session = await db.drawerSessions.get(sessionId);
    if (!session || session.deleted || session.status !== 'closed' || !session.takingsJson) return null;
    const [moves, company] = await Promise.all([db.drawerMoves.where('sessionId').equals(sessionId).toArray(), db.company.get(companyId)]);
    return {
      session,
      report: JSON.parse(session.takingsJson) as ZReportTakings,
      count: (session.countJson ? JSON.parse(session.countJson) : {}) as DrawerCount,
      moves: moves.filter((move) => !move.deleted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
      company: company && !company.deleted ? company : null,
    };
  });
}
