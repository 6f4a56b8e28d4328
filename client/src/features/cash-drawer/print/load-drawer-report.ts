import { db } from '@/db/instance';
import { companyId, type CompanyRow } from '@shared/schemas/company';
import type { DrawerMoveRow, DrawerSessionRow, ZReportTakings } from '@shared/schemas/drawer';
import type { DrawerCount } from '@shared/domain/cash-drawer';
import { xReportOf } from '../api/x-report';
import { cachedRegisterNames, type RegisterNames } from '@/lib/register-names';

/** Everything a printed X or Z report shows, from this device alone (it prints offline). */
export interface DrawerReportData {
  /** 'X': an open session as it stands (the drawer stays open); 'Z': a closed session's close. */
  kind: 'X' | 'Z';
  session: DrawerSessionRow;
  report: ZReportTakings;
  expectedCents: number;
  /** The blind count by denomination (Z only). */
  count: DrawerCount | null;
  /** The session's pay-ins and pay-outs with their reasons, oldest first. */
  moves: DrawerMoveRow[];
  company: CompanyRow | null;
  /** When an X report was worked out; a Z report's time is its close. */
  printedAt: string;
  /** The registers' names as this device last heard them, printed beside the code (issue 47). */
  registerNames: RegisterNames;
}

export const zReportNotFoundMessage = 'This Z report is not on this device yet. Sync, then try again.';
export const xReportNotFoundMessage = "This register's drawer is not open: an X report is for an open session. Closed ones print their Z report.";

async function movesAndCompany(sessionId: string) {
  const [moves, company] = await Promise.all([db.drawerMoves.where('sessionId').equals(sessionId).toArray(), db.company.get(companyId)]);
  return {
    moves: moves.filter((move) => !move.deleted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    company: company && !company.deleted ? company : null,
    registerNames: cachedRegisterNames(),
  };
}

/** A closed session's Z report; null when this device does not hold it or the session is still open. */
export async function loadZReport(sessionId: string): Promise<DrawerReportData | null> {
  return db.transaction('r', [db.drawerSessions, db.drawerMoves, db.company], async () => {
    const session = await db.drawerSessions.get(sessionId);
    if (!session || session.deleted || session.status !== 'closed' || !session.takingsJson) return null;
    return {
      kind: 'Z',
      session,
      report: JSON.parse(session.takingsJson) as ZReportTakings,
      expectedCents: session.expectedCents,
      count: (session.countJson ? JSON.parse(session.countJson) : {}) as DrawerCount,
      printedAt: session.closedAt ?? '',
      ...(await movesAndCompany(sessionId)),
    };
  });
}

/** An open session's X report now; null when this device does not hold it open. */
export async function loadXReport(sessionId: string): Promise<DrawerReportData | null> {
  const session = await db.drawerSessions.get(sessionId);
  if (!session || session.deleted || session.status !== 'open') return null;
  const report = await xReportOf(session);
  return { kind: 'X', session, report, expectedCents: report.expectedCents, count: null, printedAt: new Date().toISOString(), ...(await movesAndCompany(sessionId)) };
}
