import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { changedLineFields, jobLineFields, openedChangeId, statusChangeRow } from '@shared/mutations/job-cards';
import { quickCustomerFields } from '@shared/mutations/customers';
import { finishedJobMessage, statusMoveProblem, type JobStatus } from '@shared/domain/job-status';
import { guestJobSnapshot, isGuestJobCustomer } from '@shared/domain/guest-job';
import type { JobLineInput } from '@shared/schemas/job-card';

// The device's halves of server/src/mutations/job-cards: the same rows, so the server's replace them
// without a visible change. The device refuses what the server would refuse, with its message, at once.

export async function quickCreateCustomer(tx: LocalTx, args: MutationArgs<'quickCreateCustomer'>): Promise<void> {
  await tx.put('customers', quickCustomerFields(args));
}

export async function customerSnapshot(tx: LocalTx, customerId: string) {
  if (isGuestJobCustomer(customerId)) return { ...guestJobSnapshot };
  const customer = await tx.get('customers', customerId);
  if (!customer) throw new ValidationError('Customer not found. It may have been deleted.', 'customerId');
  return { customerName: String(customer.customerName ?? ''), customerPhone: String(customer.phone ?? '') };
}

async function putLine(tx: LocalTx, jobCardId: string, line: JobLineInput): Promise<void> {
  if (await tx.get('jobLines', line.id)) return;
  await tx.put('jobLines', { ...jobLineFields(jobCardId, line), createdAt: tx.now });
}

export async function createJobCard(tx: LocalTx, args: MutationArgs<'createJobCard'>): Promise<void> {
  await tx.put('jobCards', {
    ...fieldsFromArgs('jobCards', args),
    ...(await customerSnapshot(tx, args.customerId)),
    id: args.id,
    // The server numbers it; until then the screens show it as pending.
    jobNumber: null,
    status: 'Open',
    mechanicName: args.mechanicId ? args.mechanicName : '',
    invoiceId: null,
    invoiceNo: null,
    createdAt: tx.now,
    finishedAt: null,
  });
  await tx.put('jobStatusChanges', statusChangeRow({ id: openedChangeId(args.id), jobCardId: args.id, fromStatus: null, toStatus: 'Open' }, tx.author, tx.occurred));
  for (const line of args.lines) await putLine(tx, args.id, line);
}

export async function updateJobCard(tx: LocalTx, args: MutationArgs<'updateJobCard'>): Promise<void> {
  const job = await tx.get('jobCards', args.id);
  if (!job) return; // not on this device: the server decides
  if (job.status === 'Finished') throw new ValidationError(finishedJobMessage);
  const fields = fieldsFromArgs('jobCards', args);
  if (args.customerId !== undefined && args.customerId !== job.customerId) Object.assign(fields, await customerSnapshot(tx, args.customerId));
  if (args.mechanicId !== undefined && !args.mechanicId) fields.mechanicName = '';
  if (Object.keys(fields).length > 0) await tx.patch('jobCards', args.id, fields);
  for (const line of args.addLines ?? []) await putLine(tx, args.id, line);
  for (const change of args.changeLines ?? []) {
    const line = await tx.get('jobLines', change.id);
    if (!line || line.jobCardId !== args.id) continue;
    await tx.patch('jobLines', change.id, changedLineFields(line, change));
  }
  for (const lineId of args.removeLineIds ?? []) {
    const line = await tx.get('jobLines', lineId);
    if (line && line.jobCardId === args.id) await tx.remove('jobLines', lineId);
  }
}

export async function setJobCardStatus(tx: LocalTx, args: MutationArgs<'setJobCardStatus'>): Promise<void> {
  const job = await tx.get('jobCards', args.id);
  if (!job) return;
  const from = job.status as JobStatus;
  const problem = statusMoveProblem({ from, to: args.status, role: tx.author.role, hasInvoice: !!job.invoiceId });
  if (problem) throw new ValidationError(problem);
  if (from === args.status) return;
  await tx.patch('jobCards', args.id, { status: args.status, finishedAt: args.status === 'Finished' ? tx.now : null });
  await tx.put('jobStatusChanges', statusChangeRow({ id: args.changeId, jobCardId: args.id, fromStatus: from, toStatus: args.status }, tx.author, tx.occurred));
}

export async function deleteJobCard(tx: LocalTx, args: MutationArgs<'deleteJobCard'>): Promise<void> {
  const job = await tx.get('jobCards', args.id);
  if (job?.invoiceId) throw new ValidationError('This job has an invoice and cannot be deleted.');
  await tx.remove('jobCards', args.id);
}
