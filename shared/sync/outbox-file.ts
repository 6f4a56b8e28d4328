import { z } from 'zod';
import { mutationEnvelopeSchema } from './message-schemas';
import { signaturePattern } from './entry-signature';

/**
 * A device's unsent changes as a file (issue 28, 'When all else fails'): a tablet that cannot reach
 * the server, or is about to be wiped, saves its outbox; an Admin sends it from another device. The
 * entries are the push's own envelopes with their authors, so each is applied once as its author
 * made it, and the tablet sending them later changes nothing (server/src/sync/imported-outbox.ts).
 *
 * Version 2 (issue 42, point 1): each entry carries its author's signature and the file its
 * exporter's (entry-signature.ts), so a file edited on its way to the Admin is refused whole, and
 * no entry can claim an author who did not make it. A version 1 file, signed by nobody, is refused.
 */
export const outboxFileFormat = 'garage-unsent-changes';
export const outboxFileVersion = 2;

const signature = z.string().regex(signaturePattern);

export const outboxFileEntrySchema = mutationEnvelopeSchema.extend({ authorName: z.string().max(200).optional() });

export const outboxFileSchema = z.object({
  format: z.literal(outboxFileFormat),
  version: z.literal(outboxFileVersion),
  exportedAt: z.string().max(40),
  exportedBy: z.string().max(200),
  /** Who exported it: the file is signed with their key. */
  exportedById: z.string().max(64).optional(),
  /** The device the changes were made on, and its register code: the server counts them as its. */
  clientId: z.string().min(1).max(64),
  deviceCode: z
    .string()
    .regex(/^[A-Z0-9]{2,8}$/)
    .optional(),
  entries: z.array(outboxFileEntrySchema).max(100_000),
  signature: signature.optional(),
});

export type OutboxFile = z.output<typeof outboxFileSchema>;
export type OutboxFileEntry = OutboxFile['entries'][number];

export const outboxFileWords = {
  notAnExport: 'This file is not an export of unsent changes.',
  olderExport:
    'This file was exported by an older version of the app, before changes were signed: it cannot be checked, so it cannot be sent. Connect the device it came from to the server instead.',
  needsConnection: 'Connect to the server to send the changes in this file.',
  sent: (applied: number, refused: number) => `Sent ${applied + refused} ${applied + refused === 1 ? 'change' : 'changes'}: ${applied} recorded, ${refused} refused.`,
  nothingToExport: 'There are no unsent changes on this device.',
  edited: 'This file was changed after it was exported, or was not signed by its device: nothing in it was sent.',
  unsignedEntry: 'This change carries no valid signature of its author: it was not applied.',
  noAuthor: 'This change names no author: it was not applied.',
  authorInactive: (name: string) => `${name}'s account is deactivated: this change was not applied. An Admin can activate the account and send the file again.`,
} as const;

/** The file's text read back: the file, or the words saying why it cannot be sent. */
export function readOutboxFile(text: string): { file: OutboxFile } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: outboxFileWords.notAnExport };
  }
  const parsed = outboxFileSchema.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  const header = json as { format?: unknown; version?: unknown } | null;
  return { problem: header?.format === outboxFileFormat && header.version === 1 ? outboxFileWords.olderExport : outboxFileWords.notAnExport };
}
