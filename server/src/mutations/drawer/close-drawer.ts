import { and, eq, ne } from 'drizzle-orm';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { closedSessionFields, zReportOf } from '@shared/mutations/drawer';
import { drawerReviewReasons, type DrawerSessionRow } from '@shared/schemas/drawer';
import { raisedReview } from '@shared/domain/drawer-review';
import { formatMoney } from '@shared/domain/money';
import { drawerSessions } from '@server/db/schema';
import { drawerRecordsOnServer, latestRecordOf, sessionOfRegister } from './drawer-session';
import { rejudgeOpenings } from './rejudge-sessions';

/**
 * A session closed by its register's blind count into a Z report: a fact, recorded as the register
 * printed it. The server works the report out again from what it holds; where its expected cash
 * differs, where the count differs with no reason given, where the close is dated before the
 * session's own records, where the Z number is not the register's own or is used, or where the
 * session was already closed (the later count is then kept only in the review's words), it is raised
 * for review. Records of the session that arrive after it judge it again (rejudge-sessions.ts).
 */
export function closeDrawer(tx: MutationTx, args: MutationArgs<'closeDrawer'>) {
  const session = sessionOfRegister(tx, args.sessionId);
  if (session.status !== 'open') {
    closedAgain(tx, session, args);
    return tx.find('drawerSessions', session.id)!;
  }
  const reasons: string[] = [];
  // Closed no earlier than the session's own records: a close dated before them (a clock gone back)
  // would leave them out of every Z report. Its report and its close's time reach them, and it is raised.
  const latest = latestRecordOf(tx, session);
  if (latest > tx.occurred.at) reasons.push(drawerReviewReasons.closedBeforeItsRecords(tx.occurred.at, latest));
  const when = latest > tx.occurred.at ? { ...tx.occurred, at: latest } : tx.occurred;
  const report = zReportOf(session, drawerRecordsOnServer(tx, session, when.at), when.at);
  const fields = closedSessionFields(args, report, tx.user, when);
  if (report.expectedCents !== fields.expectedCents) reasons.push(drawerReviewReasons.expectedDiffers(formatMoney(fields.expectedCents), formatMoney(report.expectedCents)));
  // The register refuses this before anyone counts; from another build or a forged body it is recorded and raised.
  if (fields.differenceCents !== 0 && !args.differenceReason.trim()) reasons.push(drawerReviewReasons.differenceWithoutReason(formatMoney(fields.differenceCents)));
  const usedBy = tx.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(and(eq(drawerSessions.zNumber, args.zNumber), ne(drawerSessions.id, session.id)))
    .get();
  if (usedBy || args.zNumber.split('-')[1] !== session.register) reasons.push(drawerReviewReasons.zNumberUsed(args.zNumber));
  const { reviewState, reviewReason } = raisedReview(session, reasons);
  tx.update('drawerSessions', session.id, { ...fields, reviewState, reviewReason });
  rejudgeOpenings(tx, session);
  return tx.find('drawerSessions', session.id)!;
}

/**
 * A close of a session already closed. The same close sent again (its Z number and count: a device
 * restored from a backup sends its outbox again) changes nothing. Another is raised for review once,
 * its count kept only in the review's words; each distinct one once, in a reason of bounded length
 * (issue 42: 3,000 resends made one synced row of 309,000 characters).
 */
function closedAgain(tx: MutationTx, session: DrawerSessionRow, args: MutationArgs<'closeDrawer'>): void {
  if (args.zNumber === session.zNumber && JSON.stringify(args.count) === session.countJson) return;
  const { reviewState, reviewReason } = raisedReview(session, [drawerReviewReasons.closedTwice(args.zNumber)]);
  if (reviewReason !== session.reviewReason || reviewState !== session.reviewState) tx.update('drawerSessions', session.id, { reviewState, reviewReason });
}
