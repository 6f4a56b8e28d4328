import type { z } from 'zod';
import { jobCardMessages } from './job-card-messages';

/** The spec's own warnings that end without a full stop (spec 5, Job card): they too stand alone. */
const specTexts = new Set<string>([jobCardMessages.quantity, jobCardMessages.itemName, jobCardMessages.nothingSelected]);

/**
 * One readable message for the first problem in a zod error. Messages we wrote ourselves stand
 * alone: those that end with a full stop, those of our own checks (code 'custom') and the spec's
 * texts as they are ('Enter a valid quantity (> 0)'); zod's own ones get the field named.
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issueMessage(issue) : 'Invalid input.';
}

/** One problem's readable message (see firstIssueMessage), for a form that shows each field's own. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (/[.!?]$/.test(issue.message) || issue.code === 'custom' || specTexts.has(issue.message)) return issue.message;
  const field = issue.path.map(String).join('.');
  return field ? `Invalid ${field}: ${issue.message}` : `Invalid input: ${issue.message}`;
}

/** The form field the first problem is about, as a control's name ('vehicles.0.make'); undefined when it is about the whole form. */
export function firstIssueField(error: z.ZodError): string | undefined {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.map(String).join('.') : undefined;
}
