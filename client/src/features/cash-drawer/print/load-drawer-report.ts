import { db } from '@/db/instance';
import { drawerRecordsOnDevice } from '@/sync/mutators/drawer';
import { companyId, type CompanyRow } from '@shared/schemas/company';
import type { DrawerMoveRow, DrawerSessionRow, ZReportTakings } from '@shared/schemas/drawer';
import type { PaymentRow } from '@shared/schemas/sale';
import type { DrawerCount } from '@shared/domain/cash-drawer';
import { takenWhileClosed, zReportTakingsOf } from '@shared/mutations/drawer';
import { xReportOf } from '../api/x-report';
import { cachedRegisterNames, type RegisterNames } from '@/lib/register-names';

/** A cash payment the register took while its drawer was closed, as the report lists it (issue 47). */
export interface ClosedCashPayment {
  id: string;
  createdAt: string;
  invoiceNo: string;
  userName: string;
  amountCents: number;
}

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
  /** The cash its register took while the drawer was closed before the session, oldest first (its own line of the report). */
  takenWhileClosed: ClosedCashPayment[];
  company: CompanyRow | null;
  /** When an X report was worked out; a Z report's time is its close. */
  printedAt: string;
  /** The registers' names as this device last heard them, printed beside the code (issue 47). */
  registerNames: RegisterNames;
}

export const zReportNotFoundMessage = 'This Z report is not on this device yet. Sync, then try again.';
export const xReportNotFoundMessage = "This register's drawer is not open: an X report is for an open session. Closed ones print their Z report.";

/** The cash payments the report's line 'Cash taken while closed' adds up, with their invoice numbers. */
async function closedCashPayments(session: DrawerSessionRow): Promise<ClosedCashPayment[]> {
  const records = await drawerRecordsOnDevice({ db }, session, session.createdAt);
  const taken = takenWhileClosed(session, { closedSince: records.closedSince, payments: records.payments as PaymentRow[] }).filter((payment) => payment.method === 'Cash');
  const invoices = await db.invoices.bulkGet(taken.map((payment) => payment.invoiceId));
  return taken
    .map((payment, i) => ({ id: payment.id, createdAt: payment.createdAt, invoiceNo: invoices[i]?.invoiceNo ?? '', userName: payment.userName, amountCents: payment.amountCents }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function movesAndCompany(session: DrawerSessionRow) {
  const sessionId = session.id;
  const [moves, company, taken] = await Promise.all([db.drawerMoves.where('sessionId').equals(sessionId).toArray(), db.company.get(companyId), closedCashPayments(session)]);
  return {
    takenWhileClosed: taken,
    moves: moves.filter((move) => !move.deleted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    company: company && !company.deleted ? company : null,
    registerNames: cachedRegisterNames(),
  };
}

/** A closed session's Z report; null when this device does not hold it or the session is still open. */
export async function loadZReport(sessionId: string): Promise<DrawerReportData | null> {
  return db.transaction('r', [db.drawerSessions, db.drawerMoves, db.company, db.payments, db.expenses, db.invoices], async () => {
    const session = await db.drawerSessions.get(sessionId);
    if (!session || session.deleted || session.status !== 'closed' || !session.takingsJson) return null;
    return {
      kind: 'Z',
      session,
      report: zReportTakingsOf(session.takingsJson),
      expectedCents: session.expectedCents,
      count: (session.countJson ? JSON.parse(session.countJson) : {}) as DrawerCount,
      printedAt: session.closedAt ?? '',
      ...(await movesAndCompany(session)),
    };
  });
}

/** An open session's X report now; null when this device does not hold it open. */
export async function loadXReport(sessionId: string): Promise<DrawerReportData | null> {
  const session = await db.drawerSessions.get(sessionId);
  if (!session || session.deleted || session.status !== 'open') return null;
  const report = await xReportOf(session);
  return { kind: 'X', session, report, expectedCents: report.expectedCents, count: null, printedAt: new Date().toISOString(), ...(await movesAndCompany(session)) };
}
