import { describe, expect, it } from 'vitest';
import { jobStatusMessages, normalizeJobStatus, statusMoveProblem, type JobStatus } from './job-status';
import type { Role } from './permissions';

const ok = null;
// from, to, role, has an invoice, expected problem (null: allowed)
const moves: [JobStatus, JobStatus, Role, boolean, string | null][] = [
  ['Open', 'Suspended', 'Staff', false, ok],
  ['Open', 'Finished', 'Staff', false, ok],
  ['Suspended', 'Open', 'Staff', false, ok],
  ['Open', 'Open', 'Staff', false, ok],
  ['Finished', 'Finished', 'Staff', true, ok],
  ['Suspended', 'Finished', 'Admin', false, jobStatusMessages.notAllowed('Suspended', 'Finished')],
  ['Finished', 'Suspended', 'Admin', false, jobStatusMessages.notAllowed('Finished', 'Suspended')],
  ['Finished', 'Open', 'Staff', false, jobStatusMessages.reopenRole],
  ['Finished', 'Open', 'Staff', true, jobStatusMessages.reopenRole],
  ['Finished', 'Open', 'Manager', false, ok],
  ['Finished', 'Open', 'Admin', false, ok],
  ['Finished', 'Open', 'Admin', true, jobStatusMessages.reopenInvoiced],
  ['Finished', 'Open', 'Manager', true, jobStatusMessages.reopenInvoiced],
];

describe('statusMoveProblem', () => {
  it.each(moves)('%s → %s by %s (invoice: %s)', (from, to, role, hasInvoice, expected) => {
    expect(statusMoveProblem({ from, to, role, hasInvoice })).toBe(expected);
  });
  it('refuses a reopen without a role', () => {
    expect(statusMoveProblem({ from: 'Finished', to: 'Open', role: undefined, hasInvoice: false })).toBe(jobStatusMessages.reopenRole);
  });
});

describe('normalizeJobStatus', () => {
  it.each([
    ['open', 'Open'],
    ['FINISHED', 'Finished'],
    [' Finished ', 'Finished'],
    ['suspend', 'Suspended'],
    ['Suspended', 'Suspended'],
    ['closed', null],
    ['', null],
    [3, null],
    [null, null],
  ])('%j → %j', (value, expected) => expect(normalizeJobStatus(value)).toBe(expected));
});
