import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/http/errors';
import { nextSequence } from '@server/sync/versions';
import type { MutationTx } from '../mutation-tx';
import type { SyncedRow } from '@shared/sync/tables';
import type { JobLineInput } from '@shared/schemas/job-card';
import { jobLineFields } from '@shared/mutations/job-cards';
import { guestJobSnapshot, isGuestJobCustomer } from '@shared/domain/guest-job';
import { finishedJobMessage } from '@shared/domain/job-status';

/** JOB-0001…: one counter in the same transaction, backed by the unique index on jobNumber. */
export async function nextJobNumber(tx: MutationTx): Promise<string> {
  return formatJobNumber(await nextSequence(tx.db, 'jobNumber'));
}

export const formatJobNumber = (sequence: number) => `JOB-${String(sequence).padStart(4, '0')}`;

export async function liveJob(tx: MutationTx, id: string): Promise<SyncedRow> {
  const job = await tx.findLive('jobCards', id);
  if (!job) throw notFound('Job card not found. It may have been deleted.');
  return job;
}

/** A finished job stays as it was finished (it is invoiced from these lines). */
export function assertEditable(job: SyncedRow): void {
  if (job.status === 'Finished') throw conflict(finishedJobMessage);
}

/** The customer's name and phone as the job keeps them (the picker shows them; lists search them). */
export async function customerSnapshot(tx: MutationTx, customerId: string) {
  if (isGuestJobCustomer(customerId)) return { ...guestJobSnapshot };
  const customer = await tx.findLive('customers', customerId);
  if (!customer) throw badRequest('Customer not found. It may have been deleted.');
  return { customerName: String(customer.customerName ?? ''), customerPhone: String(customer.phone ?? '') };
}

/** The mechanic is a staff member; the job keeps their name for lists on every device. */
export async function mechanicSnapshot(tx: MutationTx, mechanicId: string | null) {
  if (!mechanicId) return { mechanicId: null, mechanicName: '' };
  const user = await tx.db.select({ name: users.name }).from(users).where(eq(users.id, mechanicId)).get();
  if (!user) throw badRequest('Mechanic not found. Choose a staff member.');
  return { mechanicId, mechanicName: user.name };
}

/** Adds a line unless it is already there (the same line sent again changes nothing). */
export async function insertLine(tx: MutationTx, jobCardId: string, line: JobLineInput): Promise<void> {
  const existing = await tx.find('jobLines', line.id);
  if (existing) {
    if (existing.jobCardId !== jobCardId) throw conflict('This line belongs to another job.');
    return;
  }
  await tx.insert('jobLines', { ...jobLineFields(jobCardId, line), createdAt: tx.happenedAt });
}
