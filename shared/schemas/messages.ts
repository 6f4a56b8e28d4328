import type { z } from 'zod';

/**
 * One readable message for the first problem in a zod error. Messages we wrote ourselves
 * (the spec's texts) end with a full stop and stand alone; zod's own ones get the field named.
 */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  if (/[.!?]$/.test(issue.message)) return issue.message;
  const field = issue.path.map(String).join('.');
  return field ? `Invalid ${field}: ${issue.message}` : `Invalid input: ${issue.message}`;
}

/** The form field the first problem is about, as a control's name ('vehicles.0.make'); undefined when it is about the whole form. */
export function firstIssueField(error: z.ZodError): string | undefined {
  const path = error.issues[0]?.path ?? [];
  return path.length ? path.map(String).join('.') : undefined;
}
