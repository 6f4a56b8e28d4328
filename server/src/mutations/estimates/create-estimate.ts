import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { customerSnapshot } from '../job-cards/job-rules';
import type { MutationArgs } from '@shared/mutations/definitions';
import { createEstimate as createEstimateDef, estimateFieldsOf, estimateLineFields } from '@shared/mutations/estimates';

/** A new estimate and its lines at one version; its device-made number is unique by the table's index. */
export function createEstimate(tx: MutationTx, args: MutationArgs<'createEstimate'>) {
  if (tx.find('estimates', args.id)) throw conflict('This estimate already exists.');
  if (tx.db.$client.prepare('SELECT 1 FROM estimates WHERE estimateNumber = ?').get(args.estimateNumber)) throw conflict(`Estimate number ${args.estimateNumber} is already used.`);
  tx.insert('estimates', {
    ...estimateFieldsOf(args),
    ...customerSnapshot(tx, args.customerId),
    id: args.id,
    estimateNumber: args.estimateNumber,
    status: 'Open',
    jobCardId: null,
    decidedAt: null,
    decidedBy: '',
    createdAt: tx.happenedAt,
    createdBy: tx.user.name,
    lastEditBy: tx.user.name,
    lastEditClient: tx.clientId ?? '',
  });
  for (const line of args.lines) tx.insert('estimateLines', { ...estimateLineFields(args.id, line), createdAt: tx.happenedAt }, 'This estimate line already exists.');
  tx.restampUnwritten(createEstimateDef.touches(args));
  return tx.find('estimates', args.id)!;
}
