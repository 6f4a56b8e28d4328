import { conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { customerSnapshot, insertLine, mechanicSnapshot, nextJobNumber } from './job-rules';
import type { MutationArgs } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { createJobCard as createJobCardDef, openedChangeId, statusChangeRow } from '@shared/mutations/job-cards';

/** Vehicle Details saved: the job (Open, numbered here), its first status row and any lines, at one version. */
export function createJobCard(tx: MutationTx, args: MutationArgs<'createJobCard'>) {
  if (tx.find('jobCards', args.id)) throw conflict('This job card already exists.');
  tx.insert('jobCards', {
    ...fieldsFromArgs('jobCards', args),
    ...customerSnapshot(tx, args.customerId),
    ...mechanicSnapshot(tx, args.mechanicId),
    id: args.id,
    jobNumber: nextJobNumber(tx),
    status: 'Open',
    createdAt: tx.happenedAt,
  });
  tx.insert('jobStatusChanges', statusChangeRow({ id: openedChangeId(args.id), jobCardId: args.id, fromStatus: null, toStatus: 'Open' }, tx.user, tx.occurred));
  for (const line of args.lines) insertLine(tx, args.id, line);
  // The customer is touched (it must exist) but not changed: it comes back at this version.
  tx.restampUnwritten(createJobCardDef.touches(args));
  return tx.find('jobCards', args.id)!;
}
