import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { drawerMoveRow } from '@shared/mutations/drawer';
import { drawerReviewReasons } from '@shared/schemas/drawer';
import { raisedReview } from '@shared/domain/drawer-review';
import { sessionOfRegister } from './drawer-session';

/** A pay-in or pay-out: the cash moved, so it is recorded; one made after its session closed is raised for review (its Z report does not count it). */
export function moveDrawerCash(tx: MutationTx, args: MutationArgs<'moveDrawerCash'>) {
  if (tx.find('drawerMoves', args.id)) throw conflict('This pay-in or pay-out was already recorded.');
  const session = sessionOfRegister(tx, args.sessionId);
  tx.insert('drawerMoves', drawerMoveRow(args, tx.user, tx.occurred));
  // Made after its session's close (the register's close went first): not counted in its Z report. One
  // made before it, arriving late, is counted: the session is judged again (rejudge-sessions.ts).
  // Raised once, however many such moves (issue 42: a reason grew by a sentence each).
  const afterClose = session.status !== 'open' && session.closedAt !== null && tx.occurred.at > session.closedAt;
  const { reviewState, reviewReason } = afterClose ? raisedReview(session, [drawerReviewReasons.moveOutsideSession]) : session;
  if (reviewReason !== session.reviewReason || reviewState !== session.reviewState) tx.update('drawerSessions', session.id, { reviewState, reviewReason });
  return tx.find('drawerMoves', args.id)!;
}
