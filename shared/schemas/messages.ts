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
