// No zod here: the client's entry bundle imports these types and limits; the server's schemas
// for them are in message-schemas.ts.
import type { SyncedTable } from './tables';
import type { Role } from '../domain/permissions';

/**
 * The most records one mutation may name in `touches`: an edit of a job card may add, change and
 * remove up to 300 lines each (shared/schemas/job-card.ts), plus the job and its customer.
 */
export const maxTouchedRecords = 1000;

/** One entry of a device's outbox as it travels to the server (checked by `message-schemas.ts`). */
export interface MutationEnvelope {
  id: string;
  clientId: string;
  seq: number;
  name: string;
  args: unknown;
  /** The device's clock when it was made. */
  createdAt: string;
  /** The server's clock minus the device's, as the device last measured it (shared/domain/device-time.ts). */
  clockOffsetMs?: number;
  /** The user who made it on the device; a push carries only its session user's entries. */
  authorId?: string;
  /** `${table}:${id}` of the records the device says it touched: a rejection answers each one's state. */
  touches?: string[];
  /** Its author's signature (entry-signature.ts): carried by an exported file's entries, checked when an Admin sends them. */
  signature?: string;
}

export const pushBatchMax = 250;

/**
 * The most records one push may touch, counted from each mutation's definition (issue 24, point 1):
 * a push is applied in one transaction on the server's one thread, so this bounds how long other
 * requests wait behind it. A larger push is answered 413 and the device sends smaller ones; the
 * device fits its batches to it from the start (sync-engine.ts, sendable). One mutation alone is
 * never refused for it: the largest one touches at most maxTouchedRecords.
 */
export const maxPushRecords = 2000;

export interface PushRequest {
  clientId: string;
  mutations: MutationEnvelope[];
  /** The sync protocol of the device's build (protocol.ts); absent: 1. */
  protocol?: number;
  /**
   * The register code the device holds: adopted only when this server holds none for the device and
   * no device holds that code (a server restored from a backup older than the register), as an
   * invoice number's code is (server/src/mutations/mutation-tx.ts, register).
   */
  deviceCode?: string;
  /**
   * An Admin sending another device's exported outbox (issue 28, 'When all else fails'): each entry is
   * applied as its author made it, and counted once whether it arrives this way or from its device.
   */
  imported?: boolean;
}

export interface RecordState {
  table: SyncedTable;
  id: string;
  /** The server's row, or null when it does not exist (or is a tombstone). */
  row: Record<string, unknown> | null;
}

/** The message of a mutation the server failed to apply for a reason of its own (rolled back, recorded). */
export const serverFailureMessage = 'The server could not apply this change.';

export type MutationOutcome =
  /**
   * `at`: `${version}:${nonce}` of the rows it wrote, null when it wrote nothing. `missing`: the
   * `${table}:${id}` of records it touched that the server holds no row for at all, not even a
   * tombstone (absent when there are none): no pull ever brings those, so the device drops its guess.
   * `result`: what the operation answered (a row, or nothing), for the REST routes that share the
   * apply; a push answer leaves it out (server/src/sync/project-for-role.ts).
   */
  | { id: string; status: 'applied'; result?: unknown; at: string | null; missing?: string[] }
  | { id: string; status: 'rejected'; httpStatus: number; message: string; current: RecordState[] };

export interface PushResponse {
  success: true;
  results: MutationOutcome[];
}

export interface Change {
  table: SyncedTable;
  id: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown>;
}

/**
 * Why a device must drop its mirror: its cursor names another database ('other-server'), or this
 * database's history no longer holds what the device saw or was told was applied ('diverged':
 * restored from a backup). Only after 'diverged' does the device send again what it had sent.
 */
export type ResetReason = 'other-server' | 'diverged';

export interface PullResponse {
  /** Opaque: `{serverId}:{version}:{nonce}`. */
  cursor: string;
  /**
   * To a pull that named its tables (protocol 2 on): the tables this answer and its cursor cover,
   * those it named that the server knows (a catch-up's own). A device pulls a table it stores but
   * its cursor does not cover from the beginning (a catch-up), keeping the rest of its cursor.
   */
  tables?: string[];
  hasMore: boolean;
  /** True when the device must drop its mirror and start again from these changes. */
  reset: boolean;
  resetReason?: ResetReason;
  changes: Change[];
  /** Asked for with `count=1`: the changes still to come after this page (a first sync's progress). */
  remaining?: number;
  /**
   * Asked for with `scope=1`: the role the page's rows were projected for, the `table.column`s
   * hidden from it and the rows it reads of the row tables (shared/sync/read-scope.ts); a device
   * whose mirror was pulled for another scope drops or fetches columns and rows.
   */
  readScope?: ReadScope;
}

export interface ReadScope {
  role: Role;
  hidden: string[];
  /** The row rules (`rowScopeOf`), from the server that brought them (issue 42); absent from an older one. */
  rows?: string[];
}

/** The header a device's pushes, pulls and record reads carry its own key in (server/src/sync/device-keys.ts). */
export const deviceKeyHeader = 'x-device-key';
