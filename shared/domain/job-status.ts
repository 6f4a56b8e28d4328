import { can, type Role } from './permissions';

// Job card statuses (spec 4; decisions.md, Job cards), written once for the device and the server.
export const jobStatuses = ['Open', 'Suspended', 'Finished'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** A status as people and older records write it ('open', 'FINISHED', 'suspend'), or null. */
export function normalizeJobStatus(value: unknown): JobStatus | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (text === 'open') return 'Open';
  if (text === 'finished') return 'Finished';
  if (text === 'suspended' || text === 'suspend') return 'Suspended';
  return null;
}

export interface StatusMove {
  from: JobStatus;
  to: JobStatus;
  role: Role | null | undefined;
  /** The job already has an invoice: a finished one then stays finished. */
  hasInvoice: boolean;
}

export const jobStatusMessages = {
  reopenRole: 'Only an Admin or Manager can reopen a finished job.',
  reopenInvoiced: 'This job has an invoice and cannot be reopened.',
  notAllowed: (from: JobStatus, to: JobStatus) => `A job cannot move from ${from} to ${to}.`,
} as const;

/**
 * Why a move is refused, or null when it may happen. Open → Suspended, Open → Finished and
 * Suspended → Open (resume) are everyone's; Finished is final, except that an Admin or Manager may
 * reopen a job that has no invoice. Moving to the status a job already has is no move at all (two
 * devices finishing one job offline both succeed), so it is allowed and changes nothing.
 */
export function statusMoveProblem({ from, to, role, hasInvoice }: StatusMove): string | null {
  if (from === to) return null;
  if (from === 'Open' && (to === 'Suspended' || to === 'Finished')) return null;
  if (from === 'Suspended' && to === 'Open') return null;
  if (from === 'Finished' && to === 'Open') {
    if (!can(role, 'reopenJobs')) return jobStatusMessages.reopenRole;
    if (hasInvoice) return jobStatusMessages.reopenInvoiced;
    return null;
  }
  return jobStatusMessages.notAllowed(from, to);
}

/** A finished job's fields and lines stay as they were invoiced. */
export const finishedJobMessage = 'This job is finished and cannot be changed. An Admin or Manager can reopen it.';
