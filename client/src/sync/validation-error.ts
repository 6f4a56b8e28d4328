import type { z } from 'zod';
import { firstIssueField, firstIssueMessage } from '@shared/schemas/messages';

/** A form's input broke a rule: the message is the spec's text, shown as a warning toast; `field` names the input at fault. */
export class ValidationError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** The first problem of a failed parse, with the field it is about. */
  static from(error: z.ZodError): ValidationError {
    return new ValidationError(firstIssueMessage(error), firstIssueField(error));
  }
}
