import type { LocalTx } from '../local-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { whatsappLogRow } from '@shared/mutations/whatsapp';

/** The device's half of server/src/mutations/whatsapp: the same row, the server's author and time replace it. */
export async function recordWhatsappOpened(tx: LocalTx, args: MutationArgs<'recordWhatsappOpened'>): Promise<void> {
  if (await tx.get('whatsappLog', args.id)) return;
  await tx.put('whatsappLog', whatsappLogRow(args, tx.author, tx.occurred));
}
