import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import { createJobCard, customerSnapshot } from './job-cards';
import type { MutationArgs } from '@shared/mutations/definitions';
import { changedLineFields } from '@shared/mutations/job-cards';
import { estimateFieldsOf, estimateLineFields } from '@shared/mutations/estimates';
import { estimateMessages } from '@shared/schemas/estimate';

// The device's halves of server/src/mutations/estimates: the same rows. The device refuses an edit of
// an estimate it holds as decided, with the server's words; the conflict rule runs on the server.

export async function createEstimate(tx: LocalTx, args: MutationArgs<'createEstimate'>): Promise<void> {
  await tx.put('estimates', {
    ...estimateFieldsOf(args),
    ...(await customerSnapshot(tx, args.customerId)),
    id: args.id,
    estimateNumber: args.estimateNumber,
    status: 'Open',
    jobCardId: null,
    decidedAt: null,
    decidedBy: '',
    createdAt: tx.now,
    createdBy: tx.author.name,
    lastEditBy: tx.author.name,
    lastEditClient: '',
    reviewState: '',
    reviewReason: '',
  });
  for (const line of args.lines) await tx.put('estimateLines', { ...estimateLineFields(args.id, line), createdAt: tx.now });
}

export async function updateEstimate(tx: LocalTx, args: MutationArgs<'updateEstimate'>): Promise<void> {
  const estimate = await tx.get('estimates', args.id);
  if (!estimate) return; // not on this device: the server decides
  if (estimate.status === 'Decided') throw new ValidationError(estimateMessages.decided);
  const fields = estimateFieldsOf(args);
  if (args.customerId !== undefined && args.customerId !== estimate.customerId) Object.assign(fields, await customerSnapshot(tx, args.customerId));
  await tx.patch('estimates', args.id, { ...fields, lastEditBy: tx.author.name });
  for (const line of args.addLines ?? []) if (!(await tx.get('estimateLines', line.id))) await tx.put('estimateLines', { ...estimateLineFields(args.id, line), createdAt: tx.now });
  for (const change of args.changeLines ?? []) {
    const line = await tx.get('estimateLines', change.id);
    if (line && line.estimateId === args.id) await tx.patch('estimateLines', change.id, changedLineFields(line, change));
  }
  for (const lineId of args.removeLineIds ?? []) {
    const line = await tx.get('estimateLines', lineId);
    if (line && line.estimateId === args.id) await tx.remove('estimateLines', lineId);
  }
}

export async function decideEstimate(tx: LocalTx, args: MutationArgs<'decideEstimate'>): Promise<void> {
  const estimate = await tx.get('estimates', args.id);
  if (!estimate) return;
  // Decided here already: the screen offers no second decision; the server raises one from elsewhere.
  if (estimate.status === 'Decided') throw new ValidationError('This estimate was already decided on this device.');
  for (const { lineId, decision } of args.decisions) await tx.patch('estimateLines', lineId, { decision, decidedAt: tx.now });
  if (args.job) await createJobCard(tx, args.job);
  await tx.patch('estimates', args.id, { status: 'Decided', jobCardId: args.job?.id ?? null, decidedAt: tx.now, decidedBy: tx.author.name });
}
