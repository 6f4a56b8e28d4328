import type { SyncProblem } from '../db/db';
import { canDiscardProblem, isEditableProblem } from './problem-kinds';

/** A refused change in words a person reads: 'update customer'. */
export const describeMutation = (name: string) => name.replace(/([A-Z])/g, ' $1').toLowerCase();

/**
 * What to do about a change the server refused (issue 23, refusals in words): said beside the
 * server's own message in the problems list and in the message shown when the refusal arrives.
 * The first rule that fits answers.
 */
export function problemAdvice(problem: SyncProblem): string {
  const discard = canDiscardProblem(problem);
  if (!discard) return 'Money taken is never discarded: Retry when the server can take it, or ask a Manager.';
  if (problem.httpStatus === 403) return 'Your role may not do this: ask a Manager or an Admin to make the change, then Discard this one.';
  if (problem.httpStatus === 404) return 'The record is no longer on the server (deleted on another device): Discard this change.';
  if (problem.httpStatus >= 500) return 'The server could not apply it: Retry later, and tell the Admin if it stays.';
  if (isEditableProblem(problem)) return 'Edit it to fix what the server says and it is sent again, or Discard it.';
  return 'Retry once the other change it depends on has synced, or Discard it.';
}

/** The message shown on the screen of the person whose change was refused. */
export function refusalMessage(problem: SyncProblem): string {
  return `The server refused your change (${describeMutation(problem.mutation.name)}): ${problem.message} ${problemAdvice(problem)}`;
}
