import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { drawerMoveRow } from '@shared/mutations/drawer';
import { drawerReviewReasons } from '@shared/schemas/drawer';
import { raisedReview } from '@shared/domain/drawer-review';
import { sessionOfRegister } from './drawer-session';

/**
 * A pay-in or pay-out: the cash moved, so it is recorded. Raised for review: one made after its
 * session closed (its Z report does not count it), and a pay-out of more than the drawer held then by
 * the server's own records (issue 42: a Rs. 1,000,000 pay-out from a Rs. 1,000 drawer went unseen).
 */
export async function moveDrawerCash(tx: MutationTx, args: MutationArgs<'moveDrawerCash'>) {
  if (await tx.find('drawerMoves', args.id)) throw conflict('This pay-in or pay-out was already recorded.');
  const session = await sessionOfRegister(tx, args.sessionId);
  const move = drawerMoveRow(args, tx.user, tx.occurred);
  // Made after its session's close (the register's close went first): not counted in its Z report. One
  // made before it, arriving late, is counted: the session is judged again (rejudge-sessions.ts).
  const afterClose = session.status !== 'open' && session.closedAt !== null && move.createdAt > session.closedAt;
  await tx.insert('drawerMoves', move);
  // Raised once, however many such moves (issue 42: a reason grew by a sentence each).
  const { reviewState, reviewReason } = afterClose ? raisedReview(session, [drawerReviewReasons.moveOutsideSession]) : session;
  if (reviewReason !== session.reviewReason || reviewState !== session.reviewState) await tx.update('drawerSessions', session.id, { reviewState, reviewReason });
  // A pay-out beyond the drawer's cash is judged after every mutation that writes a move
  // (rejudge-sessions.ts), so that another cashier's earlier sales arriving later take it back.
  return (await tx.find('drawerMoves', args.id))!;
}
