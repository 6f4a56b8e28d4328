import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { whatsappLogMessages, whatsappLogRow } from '@shared/mutations/whatsapp';

/**
 * WhatsApp was opened at a customer: recorded whatever it meets (a customer deleted since keeps the
 * line), by the session's user, at the device's time bounded as any fact's (tx.occurred).
 */
export async function recordWhatsappOpened(tx: MutationTx, args: MutationArgs<'recordWhatsappOpened'>) {
  return tx.insertReturning('whatsappLog', whatsappLogRow(args, tx.user, tx.occurred), whatsappLogMessages.duplicate);
}
