import { conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';

/** Admin or Manager only (the definition's permission); an invoiced job stays, with its invoice. */
export async function deleteJobCard(tx: MutationTx, args: MutationArgs<'deleteJobCard'>) {
  const job = await tx.find('jobCards', args.id);
  if (!job) throw notFound('Job card not found.');
  if (job.deleted) return job;
  if (job.invoiceId) throw conflict('This job has an invoice and cannot be deleted.');
  // Its lines and history stay as they are: nothing lists them without their job.
  await tx.tombstone('jobCards', args.id);
  return (await tx.find('jobCards', args.id))!;
}
