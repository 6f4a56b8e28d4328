import { and, eq, ne } from 'drizzle-orm';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { closedSessionFields, zReportOf } from '@shared/mutations/drawer';
import { drawerReviewReasons } from '@shared/schemas/drawer';
import { formatMoney } from '@shared/domain/money';
import { drawerSessions } from '@server/db/schema';
import { drawerRecordsOnServer, sessionOfRegister } from './drawer-session';
import { rejudgeOpenings } from './rejudge-sessions';

/**
 * A session closed by its register's blind count into a Z report: a fact, recorded as the register
 * printed it. The server works the report out again from what it holds; where its expected cash
 * differs, where the Z number is not the register's own or is used, or where the session was already
 * closed (the later count is then kept only in the review's words), it is raised for review. Records
 * of the session that arrive after it judge it again (rejudge-sessions.ts).
 */
export function closeDrawer(tx: MutationTx, args: MutationArgs<'closeDrawer'>) {
  const session = sessionOfRegister(tx, args.sessionId);
  const reasons = session.reviewReason ? [session.reviewReason] : [];
  if (session.status !== 'open') {
    tx.update('drawerSessions', session.id, { reviewState: 'open', reviewReason: [...reasons, drawerReviewReasons.closedTwice(args.zNumber)].join(' ') });
    return tx.find('drawerSessions', session.id)!;
  }
  const when = tx.occurred;
  const report = zReportOf(session, drawerRecordsOnServer(tx, session, when.at), when.at);
  const fields = closedSessionFields(args, report, tx.user, when);
  if (report.expectedCents !== fields.expectedCents) reasons.push(drawerReviewReasons.expectedDiffers(formatMoney(fields.expectedCents), formatMoney(report.expectedCents)));
  const usedBy = tx.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(and(eq(drawerSessions.zNumber, args.zNumber), ne(drawerSessions.id, session.id)))
    .get();
  if (usedBy || args.zNumber.split('-')[1] !== session.register) reasons.push(drawerReviewReasons.zNumberUsed(args.zNumber));
  tx.update('drawerSessions', session.id, { ...fields, ...(reasons.length > 0 ? { reviewState: 'open', reviewReason: reasons.join(' ') } : {}) });
  rejudgeOpenings(tx, session);
  return tx.find('drawerSessions', session.id)!;
}
