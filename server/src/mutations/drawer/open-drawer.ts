import { and, eq } from 'drizzle-orm';
import { badRequest, conflict } from '../../http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '../../../../shared/mutations/definitions';
import { openSessionRow } from '../../../../shared/mutations/drawer';
import { drawerReviewReasons, drawerWords } from '../../../../shared/schemas/drawer';
import { drawerSessions } from '../../db/schema';

/**
 * A register's drawer opened with its float. Only a register opens one (the session is its own); the
 * float was counted, so a second open session of the same register (a device restored, its session
 * lost) is recorded and raised for review rather than refused.
 */
export function openDrawer(tx: MutationTx, args: MutationArgs<'openDrawer'>) {
  if (!tx.register) throw badRequest(drawerWords.noRegister);
  if (tx.find('drawerSessions', args.id)) throw conflict('This drawer session already exists.');
  const stillOpen = tx.db
    .select({ createdAt: drawerSessions.createdAt })
    .from(drawerSessions)
    .where(and(eq(drawerSessions.register, tx.register), eq(drawerSessions.status, 'open'), eq(drawerSessions.deleted, false)))
    .get();
  const row = openSessionRow(args, tx.user, tx.occurred);
  tx.insert('drawerSessions', stillOpen ? { ...row, reviewState: 'open', reviewReason: drawerReviewReasons.openedTwice(stillOpen.createdAt) } : row);
  return tx.find('drawerSessions', args.id)!;
}
