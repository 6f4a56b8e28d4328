import { forbidden, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { noticeMessages } from '@shared/mutations/notices';

/** A notice read by its user; only they may dismiss it. */
export async function dismissNotice(tx: MutationTx, args: MutationArgs<'dismissNotice'>) {
  const notice = await tx.findLive('notices', args.id);
  if (!notice) throw notFound(noticeMessages.notFound);
  if (notice.userId !== tx.user.id) throw forbidden(noticeMessages.notYours);
  if (!notice.dismissed) await tx.update('notices', args.id, { dismissed: true });
  return (await tx.find('notices', args.id))!;
}
