import { and, eq, ne } from 'drizzle-orm';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { closedSessionFields, zReportOf } from '@shared/mutations/drawer';
import { drawerReviewReasons, type DrawerSessionRow } from '@shared/schemas/drawer';
import { raisedReview } from '@shared/domain/drawer-review';
import { formatMoney } from '@shared/domain/money';
import { drawerSessions } from '@server/db/schema';
import { drawerRecordsOnServer, latestMoveOf, latestRecordOf, sessionOfRegister } from './drawer-session';
import { rejudgeOpenings } from './rejudge-sessions';

/**
 * A session closed by its register's blind count into a Z report: a fact, recorded as the register
 * printed it. The server works the report out again from what it holds; where its expected cash
 * differs, where the count differs with no reason given, where the close is dated before the
 * session's opening or its own pay-ins or pay-outs, where the Z number is not the register's own or is used, or where the
 * session was already closed (the later count is then kept only in the review's words), it is raised
 * for review. Records of the session that arrive after it judge it again (rejudge-sessions.ts).
 */
export async function closeDrawer(tx: MutationTx, args: MutationArgs<'closeDrawer'>) {
  const session = await sessionOfRegister(tx, args.sessionId);
  if (session.status !== 'open') {
    await closedAgain(tx, session, args);
    return (await tx.find('drawerSessions', session.id))!;
  }
  const reasons: string[] = [];
  // A close dated before its session's opening or one of its pay-ins or pay-outs was dated wrong (a
  // clock gone back): at that time it would leave the session's records out of every Z report. It is
  // raised, and closed at the session's latest record instead, so its report and every later reader
  // count them. Payments and expenses after a close's time prove nothing alone: with per-author
  // outboxes another cashier's sale made after the close, with the drawer closed, or in the next
  // session, can reach the server first (docs/decisions.md, Cash-up).
  const misdated = (await latestMoveOf(tx, session)) > tx.occurred.at;
  const latest = misdated ? await latestRecordOf(tx, session) : tx.occurred.at;
  if (misdated) reasons.push(drawerReviewReasons.closedBeforeItsRecords(tx.occurred.at, latest));
  const when = { ...tx.occurred, at: latest };
  const report = zReportOf(session, await drawerRecordsOnServer(tx, session, when.at), when.at);
  const fields = closedSessionFields(args, report, tx.user, when);
  if (report.expectedCents !== fields.expectedCents) reasons.push(drawerReviewReasons.expectedDiffers(formatMoney(fields.expectedCents), formatMoney(report.expectedCents)));
  // The register refuses this before anyone counts; from another build or a forged body it is recorded and raised.
  if (fields.differenceCents !== 0 && !args.differenceReason.trim()) reasons.push(drawerReviewReasons.differenceWithoutReason(formatMoney(fields.differenceCents)));
  const usedBy = await tx.db
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(and(eq(drawerSessions.zNumber, args.zNumber), ne(drawerSessions.id, session.id)))
    .get();
  if (usedBy || args.zNumber.split('-')[1] !== session.register) reasons.push(drawerReviewReasons.zNumberUsed(args.zNumber));
  const { reviewState, reviewReason } = raisedReview(session, reasons);
  await tx.update('drawerSessions', session.id, { ...fields, reviewState, reviewReason });
  await rejudgeOpenings(tx, session);
  return (await tx.find('drawerSessions', session.id))!;
}

/**
 * A close of a session already closed. The same close sent again (its Z number and count: a device
 * restored from a backup sends its outbox again) changes nothing. Another is raised for review once,
 * its count kept only in the review's words; each distinct one once, in a reason of bounded length
 * (issue 42: 3,000 resends made one synced row of 309,000 characters).
 */
async function closedAgain(tx: MutationTx, session: DrawerSessionRow, args: MutationArgs<'closeDrawer'>): Promise<void> {
  if (args.zNumber === session.zNumber && JSON.stringify(args.count) === session.countJson) return;
  const { reviewState, reviewReason } = raisedReview(session, [drawerReviewReasons.closedTwice(args.zNumber)]);
  if (reviewReason !== session.reviewReason || reviewState !== session.reviewState) await tx.update('drawerSessions', session.id, { reviewState, reviewReason });
}
