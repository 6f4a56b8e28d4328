import { conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { customerSnapshot } from '../job-cards/job-rules';
import type { MutationArgs } from '@shared/mutations/definitions';
import { changedLineFields } from '@shared/mutations/job-cards';
import { estimateFieldsOf, estimateLineFields, updateEstimate as updateEstimateDef } from '@shared/mutations/estimates';
import { estimateMessages } from '@shared/schemas/estimate';

/**
 * An edit of an open estimate. A decided one is what the customer answered: an edit made offline on
 * another device meanwhile is refused (it can still be undone), and its author sees why in the sync
 * problems; the decision stands (docs/decisions.md, Estimates).
 */
export async function updateEstimate(tx: MutationTx, args: MutationArgs<'updateEstimate'>) {
  const estimate = await tx.findLive('estimates', args.id);
  if (!estimate) throw notFound('Estimate not found. It may have been deleted.');
  if (estimate.status === 'Decided') throw conflict(`${estimateMessages.decided} (decided by ${String(estimate.decidedBy) || 'another user'}; your change was not saved).`);
  const fields = estimateFieldsOf(args);
  if (args.customerId !== undefined && args.customerId !== estimate.customerId) Object.assign(fields, await customerSnapshot(tx, args.customerId));
  await tx.update('estimates', args.id, { ...fields, lastEditBy: tx.user.name, lastEditClient: tx.clientId ?? '' });
  for (const line of args.addLines ?? []) {
    if (!(await tx.find('estimateLines', line.id))) await tx.insert('estimateLines', { ...estimateLineFields(args.id, line), createdAt: tx.happenedAt });
  }
  for (const change of args.changeLines ?? []) {
    const line = await tx.findLive('estimateLines', change.id);
    if (line && line.estimateId === args.id) await tx.update('estimateLines', change.id, changedLineFields(line, change));
  }
  for (const lineId of args.removeLineIds ?? []) {
    const line = await tx.findLive('estimateLines', lineId);
    if (line && line.estimateId === args.id) await tx.tombstone('estimateLines', lineId);
  }
  await tx.restampUnwritten(updateEstimateDef.touches(args));
  return (await tx.find('estimates', args.id))!;
}
