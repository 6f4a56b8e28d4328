import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { liveJob } from './job-rules';
import type { MutationArgs } from '@shared/mutations/definitions';
import { statusMoveProblem, type JobStatus } from '@shared/domain/job-status';
import { setJobCardStatus as setJobCardStatusDef, statusChangeRow } from '@shared/mutations/job-cards';

/** Suspend, finish, resume or reopen, by the rule in shared/domain/job-status.ts, with its history row. */
export async function setJobCardStatus(tx: MutationTx, args: MutationArgs<'setJobCardStatus'>) {
  const job = await liveJob(tx, args.id);
  const from = job.status as JobStatus;
  const problem = statusMoveProblem({ from, to: args.status, role: tx.user.role, hasInvoice: !!job.invoiceId });
  if (problem) throw conflict(problem);
  const change = statusChangeRow({ id: args.changeId, jobCardId: args.id, fromStatus: from, toStatus: args.status }, tx.user, tx.occurred);
  if (from === args.status) {
    // Already there (another device did the same offline): the job stays as it is. The device that
    // sent it believed it was a move and wrote this history row itself; it gets the row back as a
    // tombstone, and the job at this version, so that it ends up holding what the server holds.
    if (!(await tx.find('jobStatusChanges', args.changeId))) {
      await tx.insert('jobStatusChanges', change);
      await tx.tombstone('jobStatusChanges', args.changeId);
    }
    await tx.restampUnwritten(setJobCardStatusDef.touches(args));
    return (await tx.find('jobCards', args.id))!;
  }
  if (await tx.find('jobStatusChanges', args.changeId)) throw conflict('This status change was already recorded.');
  await tx.update('jobCards', args.id, { status: args.status, finishedAt: args.status === 'Finished' ? tx.happenedAt : null });
  await tx.insert('jobStatusChanges', change);
  return (await tx.find('jobCards', args.id))!;
}
