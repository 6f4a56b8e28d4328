import { z } from 'zod';
import { syncedTables } from './tables';

/** One entry of a device's outbox as it travels to the server. */
export const mutationEnvelopeSchema = z.object({
  id: z.string().min(1).max(64),
  clientId: z.string().min(1).max(64),
  seq: z.number().int().nonnegative(),
  name: z.string().min(1).max(64),
  args: z.unknown(),
  createdAt: z.string().max(40),
});
export type MutationEnvelope = z.infer<typeof mutationEnvelopeSchema>;

export const pushRequestSchema = z.object({
  clientId: z.string().min(1).max(64),
  mutations: z.array(mutationEnvelopeSchema).min(1).max(100),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export interface RecordState {
  table: (typeof syncedTables)[number];
  id: string;
  /** The server's row, or null when it does not exist (or is a tombstone). */
  row: Record<string, unknown> | null;
}

export type MutationOutcome =
  | { id: string; status: 'applied'; result: unknown }
  | { id: string; status: 'rejected'; httpStatus: number; message: string; current: RecordState[] };

export interface PushResponse {
  success: true;
  results: MutationOutcome[];
}

export interface Change {
  table: (typeof syncedTables)[number];
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown>;
}

export interface PullResponse {
  /** Opaque: `{serverId}:{version}`. */
  cursor: string;
  hasMore: boolean;
  /** True when the device must drop its mirror and start again from these changes. */
  reset: boolean;
  changes: Change[];
}
