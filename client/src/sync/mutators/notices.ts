import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { noticeMessages } from '@shared/mutations/notices';

/** The device's half of server/src/mutations/notices/dismiss-notice.ts. */
export async function dismissNotice(tx: LocalTx, args: MutationArgs<'dismissNotice'>): Promise<void> {
  const notice = await tx.get('notices', args.id);
  if (!notice) throw new ValidationError(noticeMessages.notFound);
  if (notice.userId !== tx.author.id) throw new ValidationError(noticeMessages.notYours);
  if (!notice.dismissed) await tx.patch('notices', args.id, { dismissed: true });
}
