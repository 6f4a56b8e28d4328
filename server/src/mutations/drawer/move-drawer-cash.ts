import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { drawerMoveRow, zReportOf } from '@shared/mutations/drawer';
import { drawerReviewReasons, type DrawerSessionRow } from '@shared/schemas/drawer';
import { raisedReview } from '@shared/domain/drawer-review';
import { formatMoney } from '@shared/domain/money';
import { drawerRecordsOnServer, sessionOfRegister } from './drawer-session';

/**
 * A pay-in or pay-out: the cash moved, so it is recorded. Raised for review: one made after its
 * session closed (its Z report does not count it), and a pay-out of more than the drawer held then by
 * the server's own records (issue 42: a Rs. 1,000,000 pay-out from a Rs. 1,000 drawer went unseen).
 */
export function moveDrawerCash(tx: MutationTx, args: MutationArgs<'moveDrawerCash'>) {
  if (tx.find('drawerMoves', args.id)) throw conflict('This pay-in or pay-out was already recorded.');
  const session = sessionOfRegister(tx, args.sessionId);
  const move = drawerMoveRow(args, tx.user, tx.occurred);
  // Made after its session's close (the register's close went first): not counted in its Z report. One
  // made before it, arriving late, is counted: the session is judged again (rejudge-sessions.ts).
  const afterClose = session.status !== 'open' && session.closedAt !== null && move.createdAt > session.closedAt;
  const reasons = afterClose ? [drawerReviewReasons.moveOutsideSession] : move.kind === 'payOut' ? payOutBeyondCash(tx, session, move) : [];
  tx.insert('drawerMoves', move);
  // Each reason once, however many such moves (issue 42: a reason grew by a sentence each).
  const { reviewState, reviewReason } = raisedReview(session, reasons);
  if (reviewReason !== session.reviewReason || reviewState !== session.reviewState) tx.update('drawerSessions', session.id, { reviewState, reviewReason });
  return tx.find('drawerMoves', args.id)!;
}

/** The reason when a pay-out takes more than the cash the session's records put in the drawer by its time. */
function payOutBeyondCash(tx: MutationTx, session: DrawerSessionRow, move: { amountCents: number; createdAt: string }): string[] {
  const held = zReportOf(session, drawerRecordsOnServer(tx, session, move.createdAt), move.createdAt).expectedCents;
  return move.amountCents > held ? [drawerReviewReasons.payOutBeyondCash(formatMoney(move.amountCents), formatMoney(held))] : [];
}
