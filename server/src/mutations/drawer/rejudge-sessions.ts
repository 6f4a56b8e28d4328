import { and, eq, gt, gte, inArray, lte, ne, or } from 'drizzle-orm';
import type { MutationTx } from '../mutation-tx';
import { zReportOf } from '@shared/mutations/drawer';
import { drawerReviewReasons, rejudgedDrawerReasons, type DrawerSessionRow, type ZReportTakings } from '@shared/schemas/drawer';
import { rejudgedReview } from '@shared/domain/drawer-review';
import { formatMoney } from '@shared/domain/money';
import { drawerMoves, drawerSessions, expenses, payments } from '@server/db/schema';
import { drawerRecordsOnServer } from './drawer-session';

// A register's outbox goes out per author (docs/decisions.md, Cash-up): a close can arrive before
// another cashier's earlier records of the same session, and the next opening before the close. The
// server judges a session again whenever a record of it, its close or another opening of its
// register arrives, so what was raised only for what had not arrived yet is taken back once it has
// (shared/domain/drawer-review.ts).

/** A closed session's expected cash worked out again from what the server holds now; its review and lines follow. */
export function rejudgeClosedSession(tx: MutationTx, session: DrawerSessionRow): void {
  if (session.status !== 'closed' || !session.closedAt) return;
  const report = zReportOf(session, drawerRecordsOnServer(tx, session, session.closedAt), session.closedAt);
  const differs =
    report.expectedCents === session.expectedCents ? [] : [drawerReviewReasons.expectedDiffers(formatMoney(session.expectedCents), formatMoney(report.expectedCents))];
  const review = rejudgedReview(session, rejudgedDrawerReasons.expectedDiffers, differs);
  const takingsJson = JSON.stringify({ takings: report.takings, byMethod: report.byMethod } satisfies ZReportTakings);
  if (review.reviewState === session.reviewState && review.reviewReason === session.reviewReason && takingsJson === session.takingsJson) return;
  tx.update('drawerSessions', session.id, { ...review, takingsJson });
}

/**
 * After an opening or a close arrives: each session of the register opened since `changed` was is
 * raised as 'opened while another was still open' exactly when another session of the register was
 * open at its opening (opened before it, and not closed by then, or not yet closed at all). One
 * raised because the previous close had not arrived yet is taken back once it has.
 */
export function rejudgeOpenings(tx: MutationTx, changed: Pick<DrawerSessionRow, 'register' | 'createdAt'>): void {
  const since = tx.db
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.register, changed.register), gte(drawerSessions.createdAt, changed.createdAt), eq(drawerSessions.deleted, false)))
    .all() as unknown as DrawerSessionRow[];
  for (const session of since) {
    const openAtItsOpening = tx.db
      .select({ createdAt: drawerSessions.createdAt })
      .from(drawerSessions)
      .where(
        and(
          eq(drawerSessions.register, session.register),
          ne(drawerSessions.id, session.id),
          lte(drawerSessions.createdAt, session.createdAt),
          or(eq(drawerSessions.status, 'open'), gt(drawerSessions.closedAt, session.createdAt)),
          eq(drawerSessions.deleted, false),
        ),
      )
      .get();
    const review = rejudgedReview(session, rejudgedDrawerReasons.openedTwice, openAtItsOpening ? [drawerReviewReasons.openedTwice(openAtItsOpening.createdAt)] : []);
    if (review.reviewState !== session.reviewState || review.reviewReason !== session.reviewReason) tx.update('drawerSessions', session.id, { ...review });
  }
}

/** The closed sessions of a register whose time covers `at`. */
function closedSessionsAt(tx: MutationTx, register: string, at: string): DrawerSessionRow[] {
  return tx.db
    .select()
    .from(drawerSessions)
    .where(
      and(
        eq(drawerSessions.register, register),
        eq(drawerSessions.status, 'closed'),
        lte(drawerSessions.createdAt, at),
        gte(drawerSessions.closedAt, at),
        eq(drawerSessions.deleted, false),
      ),
    )
    .all() as unknown as DrawerSessionRow[];
}

/**
 * After any mutation: the closed sessions that a payment, an expense or a pay-in/-out it wrote falls
 * in are judged again. A payment or expense over REST has no register and falls in none.
 */
export function rejudgeSessionsOfWrittenRecords(tx: MutationTx): void {
  const paymentIds = tx.writtenIds('payments');
  const expenseIds = tx.writtenIds('expenses');
  const moveIds = tx.writtenIds('drawerMoves');
  if (paymentIds.length + expenseIds.length + moveIds.length === 0) return;
  const sessions = new Map<string, DrawerSessionRow>();
  const covering = (rows: { register: string; createdAt: string }[]) => {
    for (const row of rows) if (row.register) for (const session of closedSessionsAt(tx, row.register, row.createdAt)) sessions.set(session.id, session);
  };
  if (paymentIds.length > 0) covering(tx.db.select({ register: payments.register, createdAt: payments.createdAt }).from(payments).where(inArray(payments.id, paymentIds)).all());
  if (expenseIds.length > 0)
    covering(
      tx.db
        .select({ register: expenses.register, createdAt: expenses.createdAt })
        .from(expenses)
        .where(and(inArray(expenses.id, expenseIds), eq(expenses.paidFrom, 'Cash drawer')))
        .all(),
    );
  if (moveIds.length > 0) {
    const sessionIds = tx.db.select({ sessionId: drawerMoves.sessionId }).from(drawerMoves).where(inArray(drawerMoves.id, moveIds)).all();
    for (const { sessionId } of sessionIds) {
      const session = tx.find('drawerSessions', sessionId) as unknown as DrawerSessionRow | undefined;
      if (session?.status === 'closed') sessions.set(session.id, session);
    }
  }
  for (const session of sessions.values()) rejudgeClosedSession(tx, tx.find('drawerSessions', session.id) as unknown as DrawerSessionRow);
}
