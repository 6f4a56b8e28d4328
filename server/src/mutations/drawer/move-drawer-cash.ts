import { conflict } from '../../http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '../../../../shared/mutations/definitions';
import { drawerMoveRow } from '../../../../shared/mutations/drawer';
import { drawerReviewReasons } from '../../../../shared/schemas/drawer';
import { sessionOfRegister } from './drawer-session';

/** A pay-in or pay-out: the cash moved, so it is recorded; after its session closed it is raised for review (its Z report does not count it). */
export function moveDrawerCash(tx: MutationTx, args: MutationArgs<'moveDrawerCash'>) {
  if (tx.find('drawerMoves', args.id)) throw conflict('This pay-in or pay-out was already recorded.');
  const session = sessionOfRegister(tx, args.sessionId);
  tx.insert('drawerMoves', drawerMoveRow(args, tx.user, tx.occurred));
  if (session.status !== 'open') tx.update('drawerSessions', session.id, { reviewState: 'open', reviewReason: [session.reviewReason, drawerReviewReasons.moveOutsideSession].filter(Boolean).join(' ') });
  return tx.find('drawerMoves', args.id)!;
}
