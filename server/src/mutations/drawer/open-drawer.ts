import { badRequest, conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { openSessionRow } from '@shared/mutations/drawer';
import { drawerWords, type DrawerSessionRow } from '@shared/schemas/drawer';
import { rejudgeOpenings } from './rejudge-sessions';

/**
 * A register's drawer opened with its float. Only a register opens one (the session is its own); the
 * float was counted, so a second open session of the same register (a device restored, its session
 * lost) is recorded and raised for review rather than refused.
 */
export async function openDrawer(tx: MutationTx, args: MutationArgs<'openDrawer'>) {
  if (!tx.register) throw badRequest(drawerWords.noRegister);
  if (await tx.find('drawerSessions', args.id)) throw conflict('This drawer session already exists.');
  await tx.insert('drawerSessions', openSessionRow(args, tx.user, tx.occurred));
  // Opened while another session of the register was open (a device restored, its session lost): raised
  // for review, not refused. A later session that arrived first is judged again too (rejudge-sessions.ts).
  await rejudgeOpenings(tx, (await tx.find('drawerSessions', args.id)) as unknown as DrawerSessionRow);
  return (await tx.find('drawerSessions', args.id))!;
}
