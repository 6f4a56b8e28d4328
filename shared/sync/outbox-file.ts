import { z } from 'zod';
import { mutationEnvelopeSchema } from './message-schemas';

/**
 * A device's unsent changes as a file (issue 28, 'When all else fails'): a tablet that cannot reach
 * the server, or is about to be wiped, saves its outbox; an Admin sends it from another device. The
 * entries are the push's own envelopes with their authors, so each is applied once as its author
 * made it, and the tablet sending them later changes nothing (server/src/sync/imported-outbox.ts).
 */
export const outboxFileFormat = 'garage-unsent-changes';

export const outboxFileSchema = z.object({
  format: z.literal(outboxFileFormat),
  version: z.literal(1),
  exportedAt: z.string().max(40),
  exportedBy: z.string().max(200),
  /** The device the changes were made on, and its register code: the server counts them as its. */
  clientId: z.string().min(1).max(64),
  deviceCode: z
    .string()
    .regex(/^[A-Z0-9]{2,8}$/)
    .optional(),
  entries: z.array(mutationEnvelopeSchema.extend({ authorName: z.string().max(200).optional() })).max(100_000),
});

export type OutboxFile = z.output<typeof outboxFileSchema>;

export const outboxFileWords = {
  notAnExport: 'This file is not an export of unsent changes.',
  needsConnection: 'Connect to the server to send the changes in this file.',
  sent: (applied: number, refused: number) => `Sent ${applied + refused} ${applied + refused === 1 ? 'change' : 'changes'}: ${applied} recorded, ${refused} refused.`,
  nothingToExport: 'There are no unsent changes on this device.',
} as const;

/** The file's text read back: the file, or null when it is not one (any other JSON, or not JSON). */
export function readOutboxFile(text: string): OutboxFile | null {
  try {
    const parsed = outboxFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
