import { canonicalJson } from './canonical-json';

// Who made a change, as the server can check it (issue 42, point 1). An exported outbox is carried
// by hand to an Admin, who sends it: the file could have been edited on the way. So each entry is
// signed on the device when it is made, with a key the server gave its author (an HMAC key derived
// from the server's secret and the user's id, server/src/sync/signing-keys.ts), and the file as a
// whole with its exporter's key. The server checks both before the Admin sees what the file does,
// and each entry again when it is sent; an entry runs with its author's rights as they are then.
// The texts signed are written once here; the HMAC is each side's own (WebCrypto, node:crypto).

/** What an entry's signature covers: everything that decides what it does, and who made it where. */
export interface SignedEntryFields {
  id: string;
  clientId: string;
  name: string;
  args: unknown;
  createdAt: string;
  clockOffsetMs?: number;
  authorId?: string;
}

export function entrySigningText(entry: SignedEntryFields): string {
  return canonicalJson(['garage-entry', 1, entry.id, entry.clientId, entry.name, entry.args, entry.createdAt, entry.clockOffsetMs ?? null, entry.authorId ?? null]);
}

/** What a file's signature covers: its header and every entry whole, in order (nothing added, dropped or moved). */
export interface SignedFileFields {
  format: string;
  version: number;
  exportedAt: string;
  exportedBy: string;
  exportedById?: string;
  clientId: string;
  deviceCode?: string;
  entries: readonly unknown[];
}

export function fileSigningText(file: SignedFileFields): string {
  return canonicalJson([file.format, file.version, file.exportedAt, file.exportedBy, file.exportedById ?? null, file.clientId, file.deviceCode ?? null, file.entries]);
}

/** A signature as both sides write it: the HMAC-SHA256 of the text, in lowercase hex. */
export const signaturePattern = /^[0-9a-f]{64}$/;
