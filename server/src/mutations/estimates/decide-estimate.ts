import { notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { createJobCard } from '../job-cards/create-job-card';
import type { MutationArgs } from '@shared/mutations/definitions';
import { approvedOverEditReason, decideEstimate as decideEstimateDef, decidedTwiceReason } from '@shared/mutations/estimates';

/**
 * The customer's answer, recorded on a device: it stands (docs/decisions.md, Estimates, facts stand).
 * Lines are marked, the approved ones become a job card with their ids and prices, and an answer
 * given on a copy another device had changed since (or a second answer) is kept and raised on the
 * estimate for someone to look at, never refused.
 */
export async function decideEstimate(tx: MutationTx, args: MutationArgs<'decideEstimate'>) {
  const estimate = await tx.findLive('estimates', args.id);
  if (!estimate) throw notFound('Estimate not found. It may have been deleted.');
  const editedElsewhere = Number(estimate.version) > args.basedOnVersion && String(estimate.lastEditClient) !== (tx.clientId ?? '');
  const reason = estimate.status === 'Decided' ? decidedTwiceReason : editedElsewhere ? approvedOverEditReason(String(estimate.lastEditBy)) : '';
  for (const { lineId, decision } of args.decisions) {
    const line = await tx.findLive('estimateLines', lineId);
    if (line && line.estimateId === args.id) await tx.update('estimateLines', lineId, { decision, decidedAt: tx.happenedAt });
  }
  if (args.job) await createJobCard(tx, args.job);
  await tx.update('estimates', args.id, {
    status: 'Decided',
    // A second answer keeps the first job named; its own job card stands beside it.
    jobCardId: estimate.jobCardId ?? args.job?.id ?? null,
    decidedAt: estimate.decidedAt ?? tx.happenedAt,
    decidedBy: String(estimate.decidedBy || tx.user.name),
    ...(reason ? { reviewState: 'open', reviewReason: reason } : {}),
  });
  await tx.restampUnwritten(decideEstimateDef.touches(args));
  return (await tx.find('estimates', args.id))!;
}
