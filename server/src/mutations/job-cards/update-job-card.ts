import type { MutationTx } from '../mutation-tx';
import { assertEditable, customerSnapshot, insertLine, liveJob, mechanicSnapshot } from './job-rules';
import { laterEditWins } from '../later-edit-wins';
import type { MutationArgs } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { changedLineFields, updateJobCard as updateJobCardDef } from '@shared/mutations/job-cards';

/**
 * An edit of a job: its changed fields (of two edits of a field, the one that happened later stands:
 * later-edit-wins.ts) and its lines added, changed and removed, all in one transaction. Lines are records of their own: a line another device
 * removed is not brought back by a change here, and lines another device added are left alone.
 */
export async function updateJobCard(tx: MutationTx, args: MutationArgs<'updateJobCard'>) {
  const job = await liveJob(tx, args.id);
  assertEditable(job);
  const given = fieldsFromArgs('jobCards', args);
  // The mechanic's name is never the client's: it follows the id sent, else it stays as stored (the
  // job comes back to the device at this version either way, restampUnwritten below).
  delete given.mechanicName;
  const fields = Object.keys(given).length > 0 ? await laterEditWins(tx, 'jobCards', job, given) : given;
  // The customer's and the mechanic's names follow the ids that stand.
  if (fields.customerId !== undefined && fields.customerId !== job.customerId) Object.assign(fields, await customerSnapshot(tx, String(fields.customerId)));
  if (fields.mechanicId !== undefined) Object.assign(fields, await mechanicSnapshot(tx, fields.mechanicId as string | null));
  if (Object.keys(fields).length > 0) await tx.update('jobCards', args.id, fields);

  for (const line of args.addLines ?? []) await insertLine(tx, args.id, line);
  for (const change of args.changeLines ?? []) {
    const line = await tx.findLive('jobLines', change.id);
    if (!line || line.jobCardId !== args.id) continue;
    const changed = changedLineFields(line, change);
    if (Object.keys(changed).length > 0) await tx.update('jobLines', change.id, changed);
  }
  for (const lineId of args.removeLineIds ?? []) {
    const line = await tx.findLive('jobLines', lineId);
    if (line && line.jobCardId === args.id) await tx.tombstone('jobLines', lineId);
  }
  // Lines another device removed (or that were already there), and the customer, come back to the
  // device at this version, whatever it guessed for them.
  await tx.restampUnwritten(updateJobCardDef.touches(args));
  return (await tx.find('jobCards', args.id))!;
}
