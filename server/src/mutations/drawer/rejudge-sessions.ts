import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { MutationTx } from '../mutation-tx';
import { closedSinceOf, payOutsBeyondCash, zReportOf, type DrawerRecords } from '@shared/mutations/drawer';
import { drawerReviewReasons, rejudgedDrawerReasons, type DrawerSessionRow, type ZReportTakings } from '@shared/schemas/drawer';
import { rejudgedReview, type DrawerReview } from '@shared/domain/drawer-review';
import { formatMoney } from '@shared/domain/money';
import { drawerMoves, drawerSessions, expenses, payments } from '@server/db/schema';
import { drawerRecordsOnServer, latestPayOutSince, sessionNextTo, type SessionKey } from './drawer-session';

// A register's outbox goes out per author (docs/decisions.md, Cash-up): a close can arrive before
// another cashier's earlier records of the same session, and the next opening before the close. The
// server judges a session again whenever a record of it, its close or another opening of its
// register arrives, so what was raised only for what had not arrived yet is taken back once it has
// (shared/domain/drawer-review.ts).

/** The session's pay-outs that took more than its drawer held then, in words (shared/mutations/drawer.ts). */
function payOutReasons(session: DrawerSessionRow, records: DrawerRecords, until: string): string[] {
  return payOutsBeyondCash(session, records, until).map((payOut) => drawerReviewReasons.payOutBeyondCash(formatMoney(payOut.amountCents), formatMoney(payOut.heldCents)));
}

/** Writes the review (and the Z report's lines) when they changed. */
async function writeJudgement(tx: MutationTx, session: DrawerSessionRow, review: DrawerReview, takingsJson = session.takingsJson): Promise<void> {
  if (review.reviewState === session.reviewState && review.reviewReason === session.reviewReason && takingsJson === session.takingsJson) return;
  await tx.update('drawerSessions', session.id, { ...review, takingsJson });
}

/** A closed session's expected cash and pay-outs worked out again from what the server holds now; its review and lines follow. */
export async function rejudgeClosedSession(tx: MutationTx, session: DrawerSessionRow): Promise<void> {
  if (session.status !== 'closed' || !session.closedAt) return;
  const records = await drawerRecordsOnServer(tx, session, session.closedAt);
  const report = zReportOf(session, records, session.closedAt);
  const differs =
    report.expectedCents === session.expectedCents ? [] : [drawerReviewReasons.expectedDiffers(formatMoney(session.expectedCents), formatMoney(report.expectedCents))];
  const judged = rejudgedReview(session, rejudgedDrawerReasons.expectedDiffers, differs);
  const review = rejudgedReview(judged, rejudgedDrawerReasons.payOutBeyondCash, payOutReasons(session, records, session.closedAt));
  await writeJudgement(tx, session, review, JSON.stringify({ takings: report.takings, byMethod: report.byMethod } satisfies ZReportTakings));
}

/**
 * An open session's pay-outs judged again, when a record at or before its latest pay-out was written
 * (the pay-out itself, or another cashier's earlier sale arriving after it). Records after the last
 * pay-out change none of them, so a session's ordinary sales cost one indexed read here.
 */
async function rejudgeOpenPayOuts(tx: MutationTx, session: DrawerSessionRow, since: string): Promise<void> {
  const until = await latestPayOutSince(tx, session, since);
  if (until === undefined) return;
  await writeJudgement(
    tx,
    session,
    rejudgedReview(session, rejudgedDrawerReasons.payOutBeyondCash, payOutReasons(session, await drawerRecordsOnServer(tx, session, until), until)),
  );
}

/**
 * A session is 'opened while another was still open' when the session its register opened just
 * before it was not closed by its opening. Only that one session is asked: an opening or a close
 * then changes the judgement of at most itself and the session after it, a couple of indexed rows
 * however many sessions the register has (issue 42: every later session, a query each, held the
 * server for seconds). A session opened while an earlier one than its predecessor was still open
 * has that predecessor raised instead, so the overlap is still under review.
 */
async function judgeOpening(tx: MutationTx, session: DrawerSessionRow): Promise<void> {
  const before = await sessionNextTo(tx, session, 'before');
  const stillOpen = before !== undefined && (before.status === 'open' || (before.closedAt !== null && before.closedAt > session.createdAt));
  const review = rejudgedReview(session, rejudgedDrawerReasons.openedTwice, stillOpen ? [drawerReviewReasons.openedTwice(before.createdAt)] : []);
  if (review.reviewState !== session.reviewState || review.reviewReason !== session.reviewReason) await tx.update('drawerSessions', session.id, { ...review });
}

/**
 * After an opening or a close arrives: it and the session of its register opened just after it are
 * judged again (judgeOpening). One raised because the previous close had not arrived yet is taken
 * back once it has. The session after it also counts the cash taken while the drawer was closed
 * from this close on (issue 47), so its lines are worked out again too.
 */
export async function rejudgeOpenings(tx: MutationTx, changed: SessionKey): Promise<void> {
  const itself = (await tx.find('drawerSessions', changed.id)) as unknown as DrawerSessionRow | undefined;
  if (itself) await judgeOpening(tx, itself);
  const after = await sessionNextTo(tx, changed, 'after');
  if (!after) return;
  await judgeOpening(tx, after);
  await rejudgeWhole(tx, (await tx.find('drawerSessions', after.id)) as unknown as DrawerSessionRow);
}

/** A closed session's lines and review, or an open one's pay-outs, worked out again from what the server holds. */
async function rejudgeWhole(tx: MutationTx, session: DrawerSessionRow): Promise<void> {
  if (session.status === 'closed') await rejudgeClosedSession(tx, session);
  else await rejudgeOpenPayOuts(tx, session, '');
}

/**
 * How many of a register's sessions opened at or before a moment are looked at for those whose time
 * covers it. A register's sessions follow one another, so one covers a moment; more only when one
 * was opened while another was open (each raised for review). Bounded, so a record costs one
 * indexed read however many sessions the register has.
 */
const coveringLookBack = 20;

/** The sessions of a register whose time covers `at` (closed by then, or still open), among the last `coveringLookBack` opened by then. */
async function sessionsAt(tx: MutationTx, register: string, at: string): Promise<DrawerSessionRow[]> {
  const opened = (await tx.db
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.register, register), lte(drawerSessions.createdAt, at), eq(drawerSessions.deleted, false)))
    .orderBy(desc(drawerSessions.createdAt), desc(drawerSessions.id))
    .limit(coveringLookBack)
    .all()) as unknown as DrawerSessionRow[];
  return opened.filter((session) => session.status === 'open' || (session.closedAt !== null && session.closedAt >= at));
}

/** Whether `session` counts its register's payment at `at` as taken while its drawer was closed (closedSinceOf). */
async function countsAsTakenWhileClosed(tx: MutationTx, session: DrawerSessionRow, at: string): Promise<boolean> {
  const since = closedSinceOf(await sessionNextTo(tx, session, 'before'), session);
  return since !== null && at > since && at < session.createdAt;
}

/**
 * After any mutation: the sessions that a payment, an expense or a pay-in/-out it wrote falls in are
 * judged again: a closed one whole, an open one's pay-outs. A payment or expense over REST has no
 * register and falls in none.
 */
export async function rejudgeSessionsOfWrittenRecords(tx: MutationTx): Promise<void> {
  const paymentIds = tx.writtenIds('payments');
  const expenseIds = tx.writtenIds('expenses');
  const moveIds = tx.writtenIds('drawerMoves');
  if (paymentIds.length + expenseIds.length + moveIds.length === 0) return;
  // Each session with the earliest time a record written falls in it at.
  const since = new Map<string, string>();
  const falls = (sessionId: string, at: string) => since.set(sessionId, [since.get(sessionId) ?? at, at].sort()[0]!);
  const covering = async (rows: { register: string; createdAt: string }[], whileClosed = false) => {
    for (const row of rows) {
      if (!row.register) continue;
      const sessions = await sessionsAt(tx, row.register, row.createdAt);
      for (const session of sessions) falls(session.id, row.createdAt);
      // Taken with the drawer closed: the session its register opened next counts it (issue 47). An
      // older session still open on the server (its close not arrived yet) may cover the moment too,
      // so the next one is asked whether it counts it even then (CI, seed 61123: it was not, and kept
      // a review for a payment that had arrived).
      if (!whileClosed) continue;
      const next = await sessionNextTo(tx, { id: '', register: row.register, createdAt: row.createdAt }, 'after');
      if (next && (sessions.length === 0 || (await countsAsTakenWhileClosed(tx, next, row.createdAt)))) falls(next.id, '');
    }
  };
  if (paymentIds.length > 0)
    await covering(await tx.db.select({ register: payments.register, createdAt: payments.createdAt }).from(payments).where(inArray(payments.id, paymentIds)).all(), true);
  if (expenseIds.length > 0)
    await covering(
      await tx.db
        .select({ register: expenses.register, createdAt: expenses.createdAt })
        .from(expenses)
        .where(and(inArray(expenses.id, expenseIds), eq(expenses.paidFrom, 'Cash drawer')))
        .all(),
    );
  if (moveIds.length > 0)
    for (const move of await tx.db.select({ sessionId: drawerMoves.sessionId, createdAt: drawerMoves.createdAt }).from(drawerMoves).where(inArray(drawerMoves.id, moveIds)).all())
      falls(move.sessionId, move.createdAt);
  for (const [sessionId, at] of since) {
    const session = (await tx.find('drawerSessions', sessionId)) as unknown as DrawerSessionRow | undefined;
    if (session?.status === 'closed') await rejudgeClosedSession(tx, session);
    else if (session) await rejudgeOpenPayOuts(tx, session, at);
  }
}
