import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { customerSnapshot, insertLine, mechanicSnapshot, nextJobNumber } from './job-rules';
import type { MutationArgs } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { createJobCard as createJobCardDef, openedChangeId, statusChangeRow } from '@shared/mutations/job-cards';

/** Vehicle Details saved: the job (Open, numbered here), its first status row and any lines, at one version. */
export async function createJobCard(tx: MutationTx, args: MutationArgs<'createJobCard'>) {
  if (await tx.find('jobCards', args.id)) throw conflict('This job card already exists.');
  await tx.insert('jobCards', {
    ...fieldsFromArgs('jobCards', args),
    ...(await customerSnapshot(tx, args.customerId)),
    ...(await mechanicSnapshot(tx, args.mechanicId)),
    id: args.id,
    jobNumber: await nextJobNumber(tx),
    status: 'Open',
    createdAt: tx.happenedAt,
  });
  await tx.insert('jobStatusChanges', statusChangeRow({ id: openedChangeId(args.id), jobCardId: args.id, fromStatus: null, toStatus: 'Open' }, tx.user, tx.occurred));
  for (const line of args.lines) await insertLine(tx, args.id, line);
  // The customer is touched (it must exist) but not changed: it comes back at this version.
  await tx.restampUnwritten(createJobCardDef.touches(args));
  return (await tx.find('jobCards', args.id))!;
}
