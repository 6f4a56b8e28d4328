import { eq } from 'drizzle-orm';
import { estimates } from '@server/db/schema';
import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { customerSnapshot } from '../job-cards/job-rules';
import type { MutationArgs } from '@shared/mutations/definitions';
import { createEstimate as createEstimateDef, estimateFieldsOf, estimateLineFields } from '@shared/mutations/estimates';

/** A new estimate and its lines at one version; its device-made number is unique by the table's index. */
export async function createEstimate(tx: MutationTx, args: MutationArgs<'createEstimate'>) {
  if (await tx.find('estimates', args.id)) throw conflict('This estimate already exists.');
  if (await tx.db.select({ id: estimates.id }).from(estimates).where(eq(estimates.estimateNumber, args.estimateNumber)).get())
    throw conflict(`Estimate number ${args.estimateNumber} is already used.`);
  await tx.insert('estimates', {
    ...estimateFieldsOf(args),
    ...(await customerSnapshot(tx, args.customerId)),
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
  for (const line of args.lines) await tx.insert('estimateLines', { ...estimateLineFields(args.id, line), createdAt: tx.happenedAt }, 'This estimate line already exists.');
  await tx.restampUnwritten(createEstimateDef.touches(args));
  return (await tx.find('estimates', args.id))!;
}
