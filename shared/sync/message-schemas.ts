import { z } from 'zod';
import { maxClockOffsetMs } from '../domain/device-time';
import { signaturePattern } from './entry-signature';
import { cleanText } from '../schemas/text';
import { maxTouchedRecords, pushBatchMax, type MutationEnvelope, type PushRequest } from './messages';

// The server's checks of the sync messages. Apart from messages.ts so that the client, which only
// builds these messages, does not carry zod in its entry bundle (issue 11).

export const mutationEnvelopeSchema = z.object({
  // Stored as rows' mutationId (a stock movement's): no hidden characters, as any id (bad-input.test.ts).
  id: z.string().min(1).max(64).superRefine(cleanText('The change id')),
  clientId: z.string().min(1).max(64),
  seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(64),
  args: z.unknown(),
  createdAt: z.string().max(40),
  clockOffsetMs: z.number().int().min(-maxClockOffsetMs).max(maxClockOffsetMs).optional(),
  authorId: z.string().max(64).optional(),
  touches: z.array(z.string().max(140)).max(maxTouchedRecords).optional(),
  signature: z.string().regex(signaturePattern).optional(),
});

export const pushRequestSchema = z.object({
  clientId: z.string().min(1).max(64),
  mutations: z.array(mutationEnvelopeSchema).min(1).max(pushBatchMax),
  protocol: z.number().int().min(1).max(1_000_000).optional(),
  deviceCode: z
    .string()
    .regex(/^[A-Z0-9]{2,8}$/)
    .optional(),
  imported: z.boolean().optional(),
});

/** The current state of some records (a device whose one entry the server would not take at all). */
// A device asks for every record one entry touched (sync-engine.ts, refuseAlone): the same limit.
// `clientId`: the asking device, whose register's cash Staff read (shared/sync/read-scope.ts).
export const recordsRequestSchema = z.object({ keys: z.array(z.string().max(140)).max(maxTouchedRecords), clientId: z.string().min(1).max(64).optional() });

// The interfaces in messages.ts and these schemas must describe the same messages: either way round.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const envelopeMatches: Same<z.infer<typeof mutationEnvelopeSchema>, MutationEnvelope> = true;
const pushMatches: Same<z.infer<typeof pushRequestSchema>, PushRequest> = true;
void envelopeMatches;
void pushMatches;
